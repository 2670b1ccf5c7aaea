<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ledgerctl</name>
    <message numerus="yes">
      <source>total %1 over %n account(s)</source>
      <translation>
        <numerusform>total %1 over %n account</numerusform>
        <numerusform>total %1 over %n accounts</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>with every transaction counted whole: %1 as posted, and %2 not posted yet by %n transaction(s) being finished: %3</source>
      <translation>
        <numerusform>with every transaction counted whole: %1 as posted, and %2 not posted yet by %n transaction being finished: %3</numerusform>
        <numerusform>with every transaction counted whole: %1 as posted, and %2 not posted yet by %n transactions being finished: %3</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>created sharded store %1 over %n PostgreSQL database(s) (scale %2: amounts like %3)</source>
      <translation>
        <numerusform>created sharded store %1 over %n PostgreSQL database (scale %2: amounts like %3)</numerusform>
        <numerusform>created sharded store %1 over %n PostgreSQL databases (scale %2: amounts like %3)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>created sharded store %1 over %n shard file(s) beside it (scale %2: amounts like %3)</source>
      <translation>
        <numerusform>created sharded store %1 over %n shard file beside it (scale %2: amounts like %3)</numerusform>
        <numerusform>created sharded store %1 over %n shard files beside it (scale %2: amounts like %3)</numerusform>
      </translation>
    </message>
  </context>
</TS>
