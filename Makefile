# `make` or `make EXE=<path>` builds a release binary for this machine's CPU at <path>
# (the OpenBench convention). Plain `cargo build --release` targets x86-64-v2 instead.
# `make FEATURES=spsa` builds the tuning variant (search parameters as UCI options).
EXE ?= ferrite
FEATURES ?=
ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

.PHONY: all
all:
	cargo rustc --release --bin ferrite --features "$(FEATURES)" -- -C target-cpu=native --emit link=$(EXE)$(SUFFIX)
