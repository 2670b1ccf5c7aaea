<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ledger::app::ApprovalsPage</name>
    <message numerus="yes">
      <source>%n request(s)</source>
      <translation>
        <numerusform>%n request</numerusform>
        <numerusform>%n requests</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::AuditPage</name>
    <message numerus="yes">
      <source>every transaction counted whole: %1 as posted, %2 not posted yet by %n transaction(s) being finished: %3</source>
      <translation>
        <numerusform>every transaction counted whole: %1 as posted, %2 not posted yet by %n transaction being finished: %3</numerusform>
        <numerusform>every transaction counted whole: %1 as posted, %2 not posted yet by %n transactions being finished: %3</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n finding(s)</source>
      <translation>
        <numerusform>%n finding</numerusform>
        <numerusform>%n findings</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n finding(s).</source>
      <translation>
        <numerusform>%n finding.</numerusform>
        <numerusform>%n findings.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::ConsoleActions</name>
    <message numerus="yes">
      <source>%n selected row(s) have not loaded yet: the preview checks each before anything is done</source>
      <translation>
        <numerusform>%n selected row has not loaded yet: the preview checks it before anything is done</numerusform>
        <numerusform>%n selected rows have not loaded yet: the preview checks each before anything is done</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::MainWindow</name>
    <message numerus="yes">
      <source>working: %n job(s)</source>
      <translation>
        <numerusform>working: %n job</numerusform>
        <numerusform>working: %n jobs</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Wrote %1 (%n row(s))</source>
      <translation>
        <numerusform>Wrote %1 (%n row)</numerusform>
        <numerusform>Wrote %1 (%n rows)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Copied %n document(s) as JSON; %1 selected rows not loaded yet were left out</source>
      <translation>
        <numerusform>Copied %n document as JSON; %1 selected rows not loaded yet were left out</numerusform>
        <numerusform>Copied %n documents as JSON; %1 selected rows not loaded yet were left out</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Copied %n document(s) as JSON</source>
      <translation>
        <numerusform>Copied %n document as JSON</numerusform>
        <numerusform>Copied %n documents as JSON</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::RecoverDialog</name>
    <message numerus="yes">
      <source>&lt;b&gt;%Ln&lt;/b&gt; transaction(s) are stuck%1. Recovery takes each over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.</source>
      <translation>
        <numerusform>&lt;b&gt;%Ln&lt;/b&gt; transaction is stuck%1. Recovery takes it over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.</numerusform>
        <numerusform>&lt;b&gt;%Ln&lt;/b&gt; transactions are stuck%1. Recovery takes each over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::RepairDialog</name>
    <message numerus="yes">
      <source>%1 %n transaction(s)</source>
      <translation>
        <numerusform>%1 %n transaction</numerusform>
        <numerusform>%1 %n transactions</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Repairing %n transaction(s)…</source>
      <translation>
        <numerusform>Repairing %n transaction…</numerusform>
        <numerusform>Repairing %n transactions…</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Nothing to repair: the %n selected transaction(s) would be skipped, each for the reason shown above. No reason is needed.</source>
      <translation>
        <numerusform>Nothing to repair: the selected transaction would be skipped, for the reason shown above. No reason is needed.</numerusform>
        <numerusform>Nothing to repair: the %n selected transactions would be skipped, each for the reason shown above. No reason is needed.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n not read yet: whether each waits for approval is said once repaired</source>
      <translation>
        <numerusform>%n not read yet: whether each waits for approval is said once repaired</numerusform>
        <numerusform>%n not read yet: whether each waits for approval is said once repaired</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n held back for a second person's approval: another person decides under Awaiting approval.</source>
      <translation>
        <numerusform>%n held back for a second person's approval: another person decides under Awaiting approval.</numerusform>
        <numerusform>%n held back for a second person's approval: another person decides under Awaiting approval.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::RepairPreview</name>
    <message numerus="yes">
      <source>and %n more</source>
      <translation>
        <numerusform>and %n more</numerusform>
        <numerusform>and %n more</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>&lt;b&gt;%n&lt;/b&gt; were to be repaired, &lt;b&gt;%1&lt;/b&gt; skipped: the Result column says how each ended.</source>
      <translation>
        <numerusform>&lt;b&gt;%n&lt;/b&gt; was to be repaired, &lt;b&gt;%1&lt;/b&gt; skipped: the Result column says how each ended.</numerusform>
        <numerusform>&lt;b&gt;%n&lt;/b&gt; were to be repaired, &lt;b&gt;%1&lt;/b&gt; skipped: the Result column says how each ended.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::StuckNoticer</name>
    <message numerus="yes">
      <source>%n transaction(s) became stuck</source>
      <translation>
        <numerusform>%n transaction became stuck</numerusform>
        <numerusform>%n transactions became stuck</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::TablePage</name>
    <message numerus="yes">
      <source>%Ln row(s) · loading…</source>
      <translation>
        <numerusform>%Ln row · loading…</numerusform>
        <numerusform>%Ln rows · loading…</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%Ln row(s)</source>
      <translation>
        <numerusform>%Ln row</numerusform>
        <numerusform>%Ln rows</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ledger::app::TransactionsPage</name>
    <message numerus="yes">
      <source>%n transaction(s)</source>
      <translation>
        <numerusform>%n transaction</numerusform>
        <numerusform>%n transactions</numerusform>
      </translation>
    </message>
  </context>
</TS>
