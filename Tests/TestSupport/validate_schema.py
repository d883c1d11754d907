"""Validates scenario files against docs/scenario.schema.json with the reference JSON Schema validator.

Usage: validate_schema.py SCHEMA FILE...          YAML or JSON documents
       validate_schema.py --lines SCHEMA FILE...  JSON Lines: every line is validated
Prints one line per file: 'valid PATH' or 'invalid PATH: first error'.
"""
import json
import sys

import jsonschema
import yaml


def main() -> None:
    # libyaml's parser, as SceneFlow's loader uses: the pure-Python one rejects `{ id: String? }` (YAML 1.1).
    if not yaml.__with_libyaml__:
        sys.exit("PyYAML was built without libyaml; install python3-yaml from Debian")
    arguments = sys.argv[1:]
    lines = arguments[0] == "--lines"
    if lines:
        arguments = arguments[1:]
    schema = json.load(open(arguments[0], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in arguments[1:]:
        with open(path, encoding="utf-8") as handle:
            if lines:
                documents = [json.loads(line) for line in handle if line.strip()]
            else:
                documents = [yaml.load(handle, Loader=yaml.CSafeLoader)]
        problem = None
        for number, document in enumerate(documents, start=1):
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            if errors:
                where = "/".join(str(p) for p in errors[0].absolute_path)
                problem = (f"line {number}, " if lines else "") + f"at '{where}': {errors[0].message[:200]}"
                break
        print(f"invalid {path}: {problem}" if problem else f"valid {path}")


if __name__ == "__main__":
    main()
