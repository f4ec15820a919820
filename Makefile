# `make` or `make EXE=<path>` builds a release binary for this machine's CPU at <path>
# (the OpenBench convention). Plain `cargo build --release` targets x86-64-v2 instead.
EXE ?= ferrite
ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

.PHONY: all
all:
	cargo rustc --release --bin ferrite -- -C target-cpu=native --emit link=$(EXE)$(SUFFIX)
