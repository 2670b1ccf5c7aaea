# The two set-up commands of the README:
#   make run   install what is missing, build, fill the default store with demo data (first
#              time only) and list its transactions
#   make test  install what is missing, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc)
LEDGERCTL = $(BUILD)/src/cli/ledgerctl

.PHONY: deps configure build run test clean

deps:
	./scripts/install-deps.sh

configure: deps
	@[ -f $(BUILD)/build.ninja ] || cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(LEDGERCTL) demo --if-empty
	$(LEDGERCTL) list --newest --limit 40

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
