"""Validates scenario files against docs/scenario.schema.json with the reference JSON Schema validator.

Usage: validate_schema.py SCHEMA FILE...   Prints one line per file: 'valid PATH' or 'invalid PATH: first error'.
"""
import json
import sys

import jsonschema
import yaml


def main() -> None:
    # libyaml's parser, as SceneFlow's loader uses: the pure-Python one rejects `{ id: String? }` (YAML 1.1).
    if not yaml.__with_libyaml__:
        sys.exit("PyYAML was built without libyaml; install python3-yaml from Debian")
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = yaml.load(handle, Loader=yaml.CSafeLoader)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            where = "/".join(str(p) for p in errors[0].absolute_path)
            print(f"invalid {path}: at '{where}': {errors[0].message[:200]}")
        else:
            print(f"valid {path}")


if __name__ == "__main__":
    main()
