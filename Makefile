# The two set-up commands of the README:
#   make run   install what is missing, build, and open the console on the default store
#              (created with demo data the first time)
#   make test  install what is missing, build, run every test
# And: make screenshots  the pictures of the README and docs/console.md, made by the console
#                       itself (docs/screenshots) on a demo store at a neutral path
#                       (scripts/screenshots.sh)
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: deps configure build run test screenshots clean

deps:
	./scripts/install-deps.sh

configure: deps
	@[ -f $(BUILD)/build.ninja ] || cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/src/app/ledgerdesk

screenshots: build
	./scripts/screenshots.sh $(BUILD)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
