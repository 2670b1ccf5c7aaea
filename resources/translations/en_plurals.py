# -*- coding: utf-8 -*-
# English needs a translation too: Qt picks "%n row" or "%n rows" from a numerus translation, and
# without one shows the source text ("1 row(s)"). fill-ts.py writes *_en.ts from the numerus
# sources of the zh_CN files: by default "(s)" is dropped for one and becomes "s" for many; these
# are the sources whose other words change with the number too (singular, plural).
OVERRIDES = {
    "%n selected row(s) have not loaded yet: the preview checks each before anything is done":
        ("%n selected row has not loaded yet: the preview checks it before anything is done",
         "%n selected rows have not loaded yet: the preview checks each before anything is done"),
    "<b>%Ln</b> transaction(s) are stuck%1. Recovery takes each over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.":
        ("<b>%Ln</b> transaction is stuck%1. Recovery takes it over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.",
         "<b>%Ln</b> transactions are stuck%1. Recovery takes each over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them."),
    "Nothing to repair: the %n selected transaction(s) would be skipped, each for the reason shown above. No reason is needed.":
        ("Nothing to repair: the selected transaction would be skipped, for the reason shown above. No reason is needed.",
         "Nothing to repair: the %n selected transactions would be skipped, each for the reason shown above. No reason is needed."),
    "<b>%n</b> were to be repaired, <b>%1</b> skipped: the Result column says how each ended.":
        ("<b>%n</b> was to be repaired, <b>%1</b> skipped: the Result column says how each ended.",
         "<b>%n</b> were to be repaired, <b>%1</b> skipped: the Result column says how each ended."),
}


def forms(source):
    if source in OVERRIDES:
        return OVERRIDES[source]
    return source.replace('(s)', ''), source.replace('(s)', 's')
