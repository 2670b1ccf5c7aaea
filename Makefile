# The two set-up commands of the README:
#   make run   install what is missing, build, and open the console on the default store
#              (created with demo data the first time)
#   make test  install what is missing, build, run every test
# And: make screenshots  the README's pictures, made by the console itself (docs/screenshots),
#                       the main window in English and in Simplified Chinese
BUILD ?= build
JOBS ?= $(shell nproc)
LEDGERCTL = $(BUILD)/src/cli/ledgerctl

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
	rm -rf $(BUILD)/screenshot-store && mkdir -p $(BUILD)/screenshot-store docs/screenshots
	$(LEDGERCTL) --store $(BUILD)/screenshot-store/demo.db demo --transfers 400 --stuck 12
	# Another operator is on one of the stuck transfers (the tour pictures a claimed one).
	TX=$$($(LEDGERCTL) --store $(BUILD)/screenshot-store/demo.db list --state canceling --stuck-for 0s --csv | sed -n 2p | cut -d, -f1); \
	  $(LEDGERCTL) --store $(BUILD)/screenshot-store/demo.db --operator mei claim $$TX --note "checking with the bank" && \
	  $(LEDGERCTL) --store $(BUILD)/screenshot-store/demo.db --operator sam note $$TX "the customer will top up by noon"
	# Settings of their own: the tour's palette and layout never become the user's.
	XDG_CONFIG_HOME=$(BUILD)/screenshot-store/config QT_QPA_PLATFORM=offscreen $(BUILD)/src/app/ledgerdesk --store $(BUILD)/screenshot-store/demo.db --palette light --screenshots docs/screenshots
	mkdir -p $(BUILD)/screenshot-store/dark
	XDG_CONFIG_HOME=$(BUILD)/screenshot-store/config QT_QPA_PLATFORM=offscreen $(BUILD)/src/app/ledgerdesk --store $(BUILD)/screenshot-store/demo.db --palette dark --screenshots $(BUILD)/screenshot-store/dark
	cp $(BUILD)/screenshot-store/dark/main-window.png docs/screenshots/main-window-dark.png
	cp $(BUILD)/screenshot-store/dark/dashboard.png docs/screenshots/dashboard-dark.png
	# The same window in Simplified Chinese (needs a CJK font: fonts-wqy-microhei).
	mkdir -p $(BUILD)/screenshot-store/zh_CN
	XDG_CONFIG_HOME=$(BUILD)/screenshot-store/config LEDGERDESK_LANGUAGE=zh_CN QT_QPA_PLATFORM=offscreen $(BUILD)/src/app/ledgerdesk --palette light --store $(BUILD)/screenshot-store/demo.db --screenshots $(BUILD)/screenshot-store/zh_CN
	cp $(BUILD)/screenshot-store/zh_CN/main-window.png docs/screenshots/main-window-zh_CN.png

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
