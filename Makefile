# SceneFlow — make run: install what is missing, build, run the default scenario into Output/
#             make test: install what the tests need, build, run every test
SWIFT ?= swift
BIN := .build/release/sceneflow
# `make run` uses the debug build `make test` makes too: it builds in a third of the time (swift-syntax's release
# build alone takes minutes), and one small scenario runs as fast either way.
DEBUG_BIN := .build/debug/sceneflow
DEFAULT_SCENARIO ?= Scenarios/Login.yml

.PHONY: all deps test-deps bench-deps build release run test examples bench fuzz clean install install-files uninstall

all: build

deps:
	@.ci/install-deps

test-deps:
	@.ci/install-deps test

bench-deps:
	@.ci/install-deps bench

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product sceneflow

# make install PREFIX=/usr/local: the release binary (on Linux with the Swift runtime linked in, so it runs on a machine
# without Swift; it still needs Graphviz's libraries there), shell completions and a man page. DESTDIR stages it.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?= .build/release/sceneflow
MANUAL_TOOL := .build/debug/generate-manual
STATIC_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
INSTALLED := bin/sceneflow share/man/man1/sceneflow.1 share/bash-completion/completions/sceneflow \
	share/zsh/site-functions/_sceneflow share/fish/vendor_completions.d/sceneflow.fish

install: deps
	$(SWIFT) build -c release --product sceneflow $(STATIC_FLAGS)
	$(MAKE) install-files

# What install copies, from INSTALL_BIN: the tests install a debug build this way.
install-files:
	@test -x $(MANUAL_TOOL) || $(SWIFT) build --product generate-manual
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(MANUAL_TOOL) "$(INSTALL_BIN)" --output-directory "$$tmp" >/dev/null && \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" && \
	install -m 755 -s "$(INSTALL_BIN)" "$(DESTDIR)$(PREFIX)/bin/sceneflow" && \
	install -m 644 "$$tmp/sceneflow.1" "$(DESTDIR)$(PREFIX)/share/man/man1/sceneflow.1" && \
	"$(INSTALL_BIN)" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/sceneflow" && \
	"$(INSTALL_BIN)" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sceneflow" && \
	"$(INSTALL_BIN)" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sceneflow.fish"
	@echo "installed sceneflow $$("$(DESTDIR)$(PREFIX)/bin/sceneflow" --version) in $(DESTDIR)$(PREFIX)"

# Removes what install put there, and the folders it made that are left empty.
uninstall:
	@for file in $(INSTALLED); do rm -f "$(DESTDIR)$(PREFIX)/$$file"; done
	@for folder in share/fish/vendor_completions.d share/fish share/zsh/site-functions share/zsh \
		share/bash-completion/completions share/bash-completion share/man/man1 share/man share bin; do \
		rmdir "$(DESTDIR)$(PREFIX)/$$folder" 2>/dev/null || true; done
	@echo "removed sceneflow from $(DESTDIR)$(PREFIX)"

# Only the command-line tool: not the tests, nor the macro's compiler plugin.
run: deps
	$(SWIFT) build --product sceneflow
	$(DEBUG_BIN) validate Scenarios/
	$(DEBUG_BIN) run $(DEFAULT_SCENARIO)

test: test-deps
	$(SWIFT) build
	@# ArgumentParser's man page writer, which the install test runs.
	$(SWIFT) build --product generate-manual
	$(SWIFT) test

# Regenerates the committed examples in Output/ (the README shows Output/Login/): trace, diagrams, Mermaid text.
examples: release
	@for scenario in Scenarios/*.yml; do \
		name=$$(basename $$scenario .yml); \
		$(BIN) run $$scenario --quiet --image-format svg || exit 1; \
		$(BIN) export $$scenario --format mermaid -o Output/$$name/sequence.mmd || exit 1; \
		$(BIN) export $$scenario --format mermaid --diagram flow -o Output/$$name/flow.mmd || exit 1; \
	done
	$(BIN) run Scenarios/Login.yml --quiet --image-format svg,png
	@# The README's generated scene: Login's files as `sceneflow generate` writes them.
	@rm -rf .build/generated-login Output/Generated/Login && mkdir -p Output/Generated
	$(BIN) generate Scenarios/Login.yml --out .build/generated-login
	cp -R .build/generated-login/Sources/SignIn/Scenes/Login Output/Generated/Login
	@# The README's map of an app's code: the import fixture written in the current Clean Swift templates.
	$(BIN) map Tests/CodeImportTests/Fixtures/current --out Output/Map --image-format svg,png,dot
	@# One story in every pattern: seed 000's counter, and Login.
	$(BIN) compare Scenarios/Counter-SwiftUI.yml > /dev/null
	$(BIN) compare Scenarios/Login.yml > /dev/null
	@# The README's pictures of the report and of compare's page, when Chromium is there.
	@if command -v chromium >/dev/null 2>&1; then \
		chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1500,1000 \
			--virtual-time-budget=3000 --screenshot=docs/report.png "file://$(CURDIR)/Output/Login/index.html#m26" 2>/dev/null; \
		chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1500,1120 \
			--virtual-time-budget=3000 --screenshot=docs/compare.png "file://$(CURDIR)/Output/Counter-SwiftUI/compare/index.html" 2>/dev/null; \
	fi

# Times SceneFlow beside PlantUML and dot (release build); writes docs/Performance.md.
bench: bench-deps release
	$(SWIFT) build -c release --product sceneflow-bench
	.build/release/sceneflow-bench $(BIN)

# libFuzzer on the loader (bytes -> scenario or diagnostics), the expression parser and the trace reader (bytes ->
# trace, then its diagrams, narration, diff and Mermaid export) and the importer (Swift source -> app model), with
# AddressSanitizer,
# FUZZ_SECONDS each (default 600), starting from the committed corpus in Tests/FuzzCorpus/. New inputs go to
# .build/fuzz-corpus/; crashes to .build/fuzz-artifacts/ (replay one: .build/debug/sceneflow-fuzz loader FILE).
FUZZ_SECONDS ?= 600
FUZZ_BIN := .build/fuzz/release/sceneflow-fuzz
fuzz: deps
	$(SWIFT) build -c release --product sceneflow-fuzz --scratch-path .build/fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DSCENEFLOW_FUZZ -Xcc -fsanitize=fuzzer-no-link,address
	@mkdir -p .build/fuzz-corpus/loader .build/fuzz-corpus/expression .build/fuzz-corpus/trace .build/fuzz-corpus/swift .build/fuzz-artifacts
	SCENEFLOW_FUZZ_TARGET=loader $(FUZZ_BIN) .build/fuzz-corpus/loader Tests/FuzzCorpus/loader \
		-dict=Tests/FuzzCorpus/yaml.dict -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=.build/fuzz-artifacts/loader- -print_final_stats=1
	SCENEFLOW_FUZZ_TARGET=expression $(FUZZ_BIN) .build/fuzz-corpus/expression Tests/FuzzCorpus/expression \
		-max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=.build/fuzz-artifacts/expression- -print_final_stats=1
	SCENEFLOW_FUZZ_TARGET=trace $(FUZZ_BIN) .build/fuzz-corpus/trace Tests/FuzzCorpus/trace \
		-dict=Tests/FuzzCorpus/trace.dict -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=.build/fuzz-artifacts/trace- -print_final_stats=1
	SCENEFLOW_FUZZ_TARGET=swift $(FUZZ_BIN) .build/fuzz-corpus/swift Tests/FuzzCorpus/swift Tests/CodeImportTests/Fixtures \
		-max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=.build/fuzz-artifacts/swift- -print_final_stats=1

clean:
	rm -rf .build
