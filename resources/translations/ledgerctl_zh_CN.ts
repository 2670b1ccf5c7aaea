<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ledger</name>
    <message>
        <source>operator name</source>
        <translation>操作员姓名</translation>
    </message>
    <message>
        <source>account name</source>
        <translation>账户名称</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>筛选条件</translation>
    </message>
</context>
<context>
    <name>ledgerctl</name>
    <message>
        <source>print one JSON value on stdout</source>
        <translation>在标准输出上打印一个 JSON 值</translation>
    </message>
    <message>
        <source>print the rows as CSV (RFC 4180) on stdout</source>
        <translation>在标准输出上以 CSV（RFC 4180）打印各行</translation>
    </message>
    <message>
        <source>every matching row, however many (exports)</source>
        <translation>所有匹配的行，不限数量（用于导出）</translation>
    </message>
    <message>
        <source>why, recorded in the journal with your name</source>
        <translation>原因，会与您的名字一起记入日志</translation>
    </message>
    <message>
        <source>Durations look like 90s, 30m, 2h, 1d or 1h30m.</source>
        <translation>时长的写法如 90s、30m、2h、1d 或 1h30m。</translation>
    </message>
    <message>
        <source>decimal places of amounts, 0-18 (default 2)</source>
        <translation>金额的小数位数，0-18（默认 2）</translation>
    </message>
    <message>
        <source>spread the store over N SQLite files, 1-64 (--store names X.json)</source>
        <translation>把存储库分布到 N 个 SQLite 文件上，1-64（--store 指定 X.json）</translation>
    </message>
    <message>
        <source>create a new store (refuses to overwrite anything)</source>
        <translation>创建新的存储库（拒绝覆盖任何内容）</translation>
    </message>
    <message>
        <source>the account holder's name</source>
        <translation>账户持有人的名称</translation>
    </message>
    <message>
        <source>opening balance, paid from @world</source>
        <translation>期初余额，由 @world 支付</translation>
    </message>
    <message>
        <source>create an account</source>
        <translation>创建账户</translation>
    </message>
    <message>
        <source>IDs are 1-64 characters of letters, digits, '.', '_' and '-'.</source>
        <translation>ID 由 1-64 个字母、数字、“.”、“_”和“-”组成。</translation>
    </message>
    <message>
        <source>freeze an account: it takes part in no new transfer</source>
        <translation>冻结账户：它不再参与任何新的转账</translation>
    </message>
    <message>
        <source>unfreeze an account</source>
        <translation>解冻账户</translation>
    </message>
    <message>
        <source>close an empty account for good</source>
        <translation>永久关闭一个空账户</translation>
    </message>
    <message>
        <source>show an account with its balance, holds and held markers</source>
        <translation>显示账户及其余额、预留和已预留标记</translation>
    </message>
    <message>
        <source>only ids or names containing TEXT</source>
        <translation>只列出 ID 或名称包含 TEXT 的账户</translation>
    </message>
    <message>
        <source>at most N accounts (default 1000)</source>
        <translation>最多 N 个账户（默认 1000）</translation>
    </message>
    <message>
        <source>list accounts</source>
        <translation>列出账户</translation>
    </message>
    <message>
        <source>a note kept with the transfer</source>
        <translation>与转账一起保存的备注</translation>
    </message>
    <message>
        <source>move AMOUNT from SOURCE to DESTINATION</source>
        <translation>从 SOURCE 向 DESTINATION 转移 AMOUNT</translation>
    </message>
    <message>
        <source>only this state: %1</source>
        <translation>只列出此状态：%1</translation>
    </message>
    <message>
        <source>only stuck ones: not finished and idle this long, or lease expired</source>
        <translation>只列出卡住的交易：未完成且已空闲这么久，或租约已过期</translation>
    </message>
    <message>
        <source>only transfers from or to this account</source>
        <translation>只列出此账户付出或收到的转账</translation>
    </message>
    <message>
        <source>at most N rows (default 100)</source>
        <translation>最多 N 行（默认 100）</translation>
    </message>
    <message>
        <source>newest first (default: oldest first)</source>
        <translation>最新的在前（默认：最早的在前）</translation>
    </message>
    <message>
        <source>list transactions</source>
        <translation>列出交易</translation>
    </message>
    <message>
        <source>show a transaction: the document, its leg markers and its journal</source>
        <translation>显示一笔交易：文档、分录标记和日志</translation>
    </message>
    <message>
        <source>take over a stuck transaction and drive it to done or canceled</source>
        <translation>接管一笔卡住的交易，并把它推进到 done 或 canceled</translation>
    </message>
    <message>
        <source>cancel a transaction that is initial or pending</source>
        <translation>取消处于 initial 或 pending 状态的交易</translation>
    </message>
    <message>
        <source>move a done transfer's money back (asking twice creates one)</source>
        <translation>把一笔 done 状态转账的资金转回（请求两次也只创建一笔）</translation>
    </message>
    <message>
        <source>also take over unfinished ones idle this long (default 30m); expired leases always</source>
        <translation>同时接管已空闲这么久的未完成交易（默认 30m）；租约已过期的总会接管</translation>
    </message>
    <message>
        <source>worker threads, 1-64 (default 4)</source>
        <translation>工作线程数，1-64（默认 4）</translation>
    </message>
    <message>
        <source>resume every stuck transaction</source>
        <translation>继续执行每一笔卡住的交易</translation>
    </message>
    <message>
        <source>check the ledger's invariants; exit 1 on findings</source>
        <translation>检查账本的不变量；有发现时退出状态为 1</translation>
    </message>
    <message>
        <source>--csv prints the findings, one row each (a header only when clean).</source>
        <translation>--csv 打印审计发现，每项一行（通过时只有表头）。</translation>
    </message>
    <message>
        <source>repairs (default), accounts, transfers (transfers issued) or all</source>
        <translation>repairs（默认）、accounts、transfers（发起的转账）或 all</translation>
    </message>
    <message>
        <source>only actions by this operator or on this document (substring)</source>
        <translation>只列出此操作员所做的、或针对此文档的操作（子串匹配）</translation>
    </message>
    <message>
        <source>at most N actions (default 100)</source>
        <translation>最多 N 项操作（默认 100）</translation>
    </message>
    <message>
        <source>list operator actions, newest first: who did what, when and why</source>
        <translation>列出操作员的操作，最新的在前：谁在何时出于什么原因做了什么</translation>
    </message>
    <message>
        <source>write the report to FILE (default: stdout)</source>
        <translation>把报告写入 FILE（默认：标准输出）</translation>
    </message>
    <message>
        <source>an incident report of one transaction, as HTML</source>
        <translation>一笔交易的事故报告，HTML 格式</translation>
    </message>
    <message>
        <source>The document, its leg markers, both accounts, the timeline and the operator actions on it and
on its accounts. The console also saves it as PDF.</source>
        <translation>文档、其分录标记、双方账户、时间线，以及针对它和
其账户的操作员操作。控制台也可以把它保存为 PDF。</translation>
    </message>
    <message>
        <source>start after this cursor (default 0: from the beginning)</source>
        <translation>从此游标之后开始（默认 0：从头开始）</translation>
    </message>
    <message>
        <source>at most N events (default: all there are)</source>
        <translation>最多 N 个事件（默认：全部）</translation>
    </message>
    <message>
        <source>keep waiting for new events (until interrupted)</source>
        <translation>持续等待新事件（直到被中断）</translation>
    </message>
    <message>
        <source>print finished transactions as JSON Lines, in commit order</source>
        <translation>以 JSON Lines 按提交顺序打印已结束的交易</translation>
    </message>
    <message>
        <source>One line per transaction that reached done or canceled: its document, legs, the balance each
posted leg left, and "cursor". Run again with --since &lt;the last cursor&gt; to get exactly the
events after it: none missed, none twice. A sharded store's cursor has one position per
shard; each shard's events come in its commit order.</source>
        <translation>每笔到达 done 或 canceled 的交易一行：其文档、分录、每条已过账分录留下的余额，
以及 "cursor"。用 --since &lt;最后一个游标&gt; 再次运行，即可恰好得到其后的事件：
不遗漏，不重复。分片存储库的游标对每个分片有一个位置；
每个分片的事件按其提交顺序给出。</translation>
    </message>
    <message>
        <source>push the feed to WebSocket clients on this local address (port 0: any free port)</source>
        <translation>在此本地地址上把变更流推送给 WebSocket 客户端（端口 0：任意空闲端口）</translation>
    </message>
    <message>
        <source>serve the change feed to WebSocket clients as transactions finish</source>
        <translation>在交易结束时向 WebSocket 客户端提供变更流</translation>
    </message>
    <message>
        <source>Prints 'listening on ws://HOST:PORT' when ready. A client connecting to ws://HOST:PORT/?since=CURSOR
gets every event after CURSOR, then the new ones as they commit; without since, only new ones.
Each message is one event, the same JSON object as a line of 'ledgerctl feed'. HOST must be
a loopback address (127.0.0.1, ::1 or localhost): the feed has no authentication.</source>
        <translation>就绪时打印 'listening on ws://HOST:PORT'。连接到 ws://HOST:PORT/?since=CURSOR 的客户端
会先收到 CURSOR 之后的每个事件，然后在新事件提交时收到它们；不带 since 时只收到新事件。
每条消息是一个事件，与 'ledgerctl feed' 的一行是同样的 JSON 对象。HOST 必须是
回环地址（127.0.0.1、::1 或 localhost）：变更流没有身份验证。</translation>
    </message>
    <message>
        <source>accounts to create (default 12)</source>
        <translation>要创建的账户数（默认 12）</translation>
    </message>
    <message>
        <source>transfers to make (default 200)</source>
        <translation>要进行的转账数（默认 200）</translation>
    </message>
    <message>
        <source>stuck transactions to leave behind (default 10)</source>
        <translation>要留下的卡住交易数（默认 10）</translation>
    </message>
    <message>
        <source>do nothing when the store already has accounts</source>
        <translation>存储库中已有账户时什么也不做</translation>
    </message>
    <message>
        <source>fill a store (created if missing) with demo data</source>
        <translation>用演示数据填充存储库（不存在时创建）</translation>
    </message>
    <message>
        <source>list the error codes and exit statuses</source>
        <translation>列出错误码及其退出状态</translation>
    </message>
    <message>
        <source>transfers, or stuck transactions for recover (default 20000 / 10000; a tenth when synced)</source>
        <translation>转账数，recover 场景下为卡住的交易数（默认 20000 / 10000；同步写入时为十分之一）</translation>
    </message>
    <message>
        <source>accounts the transfers pick from (default 1000)</source>
        <translation>转账从中选取的账户数（默认 1000）</translation>
    </message>
    <message>
        <source>bare commits per raw measurement (default 40000; 4000 synced)</source>
        <translation>每次 raw 测量的裸提交次数（默认 40000；同步写入时 4000）</translation>
    </message>
    <message>
        <source>repeat and report the median run (default 3; seed 1)</source>
        <translation>重复运行并报告中位数那一次（默认 3；seed 为 1）</translation>
    </message>
    <message>
        <source>normal or full: synchronous= of a one-file scratch store</source>
        <translation>normal 或 full：单文件临时存储库的 synchronous= 设置</translation>
    </message>
    <message>
        <source>scratch store of N shard files (FULL); for the shards scenario a list (default 1,2,4)</source>
        <translation>由 N 个分片文件组成的临时存储库（FULL）；shards 场景下为一个列表（默认 1,2,4）</translation>
    </message>
    <message>
        <source>seed: slices (default 25)</source>
        <translation>seed：批次数（默认 25）</translation>
    </message>
    <message>
        <source>seed: transfers per slice (default 1000)</source>
        <translation>seed：每批的转账数（默认 1000）</translation>
    </message>
    <message>
        <source>seed: time between slices (default 1s; 0s: all at once)</source>
        <translation>seed：批次之间的间隔（默认 1s；0s：一次全部进行）</translation>
    </message>
    <message>
        <source>console: the ledgerdesk to measure</source>
        <translation>console：要测量的 ledgerdesk 程序</translation>
    </message>
    <message>
        <source>where the scratch store goes (default: beside --store)</source>
        <translation>临时存储库的位置（默认：在 --store 旁边）</translation>
    </message>
    <message>
        <source>random seed of the transfers (default 1)</source>
        <translation>转账的随机种子（默认 1）</translation>
    </message>
    <message>
        <source>keep the scratch store and say where</source>
        <translation>保留临时存储库并说明其位置</translation>
    </message>
    <message>
        <source>measure the store and the protocol on a scratch store (never your ledger)</source>
        <translation>在临时存储库上测量存储库和协议的性能（绝不使用您的账本）</translation>
    </message>
    <message>
        <source>show help for a command</source>
        <translation>显示某个命令的帮助</translation>
    </message>
    <message>
        <source>your name in the journal (default: $LEDGERDESK_OPERATOR, else $USER)</source>
        <translation>您在日志中的名字（默认：$LEDGERDESK_OPERATOR，否则为 $USER）</translation>
    </message>
    <message>
        <source>messages and help in this language: %1 (default: $LEDGERDESK_LANGUAGE, else the
                        console's setting, else the locale); --json, --csv, feed, serve and bench
                        always speak English</source>
        <translation>以此语言显示消息和帮助：%1（默认：$LEDGERDESK_LANGUAGE，否则为
                        控制台的设置，否则为系统区域设置）；--json、--csv、feed、serve 和 bench
                        始终使用英文</translation>
    </message>
    <message>
        <source>show help</source>
        <translation>显示帮助</translation>
    </message>
    <message>
        <source>show the version</source>
        <translation>显示版本</translation>
    </message>
    <message>
        <source>unknown option %1; options are spelled --name</source>
        <translation>未知选项 %1；选项的写法是 --name</translation>
    </message>
    <message>
        <source>unknown option %1 (see 'ledgerctl --help')</source>
        <translation>未知选项 %1（参见 'ledgerctl --help'）</translation>
    </message>
    <message>
        <source>%1 has no option %2 (see 'ledgerctl help %1')</source>
        <translation>%1 没有选项 %2（参见 'ledgerctl help %1'）</translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation>--%1 不接受值</translation>
    </message>
    <message>
        <source>--%1 needs a value (%2)</source>
        <translation>--%1 需要一个值（%2）</translation>
    </message>
    <message>
        <source>unknown command %1 (see 'ledgerctl --help')</source>
        <translation>未知命令 %1（参见 'ledgerctl --help'）</translation>
    </message>
    <message>
        <source>no command given (see 'ledgerctl --help')</source>
        <translation>没有给出命令（参见 'ledgerctl --help'）</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>%1 needs %2 (usage: ledgerctl %1 %3)</source>
        <translation>%1 需要 %2（用法：ledgerctl %1 %3）</translation>
    </message>
    <message>
        <source>usage: ledgerctl %1</source>
        <translation>用法：ledgerctl %1</translation>
    </message>
    <message>
        <source>usage: ledgerctl %1 [options]</source>
        <translation>用法：ledgerctl %1 [选项]</translation>
    </message>
    <message>
        <source>--language must be one of %1, not %2</source>
        <translation>--language 必须是 %1 之一，而不是 %2</translation>
    </message>
    <message>
        <source>--json and --csv exclude each other: pick one output</source>
        <translation>--json 和 --csv 互斥：请选择一种输出</translation>
    </message>
    <message>
        <source>--all and --limit exclude each other</source>
        <translation>--all 和 --limit 互斥</translation>
    </message>
    <message>
        <source>--store needs a path</source>
        <translation>--store 需要一个路径</translation>
    </message>
    <message>
        <source>--%1 must be a whole number from %2 to %3, not %4</source>
        <translation>--%1 必须是 %2 到 %3 之间的整数，而不是 %4</translation>
    </message>
    <message>
        <source>created account %1%2, balance %3</source>
        <translation>已创建账户 %1%2，余额 %3</translation>
    </message>
    <message>
        <source>account %1 was already %2</source>
        <translation>账户 %1 已经是 %2</translation>
    </message>
    <message>
        <source>account %1 is now %2</source>
        <translation>账户 %1 现在是 %2</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>BALANCE</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>AVAILABLE</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>PENDING DR</source>
        <translation>待处理借记</translation>
    </message>
    <message>
        <source>PENDING CR</source>
        <translation>待处理贷记</translation>
    </message>
    <message>
        <source>(%1 of %2 accounts; use --limit to see more)</source>
        <translation>（共 %2 个账户，显示 %1 个；用 --limit 查看更多）</translation>
    </message>
    <message>
        <source>--kind must be repairs, accounts, transfers or all, not %1</source>
        <translation>--kind 必须是 repairs、accounts、transfers 或 all，而不是 %1</translation>
    </message>
    <message>
        <source>no operator actions match</source>
        <translation>没有匹配的操作员操作</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>AT</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>WHO</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>DID</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>TO</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>WHY / DETAIL</source>
        <translation>原因 / 详情</translation>
    </message>
    <message>
        <source>--out needs a file name</source>
        <translation>--out 需要一个文件名</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>wrote the incident report of %1 to %2</source>
        <translation>已把 %1 的事故报告写入 %2</translation>
    </message>
    <message>
        <source>--scale must be a whole number from 0 to %1, not %2</source>
        <translation>--scale 必须是 0 到 %1 之间的整数，而不是 %2</translation>
    </message>
    <message>
        <source>created store %1 (scale %2: amounts like %3)</source>
        <translation>已创建存储库 %1（小数位数 %2：金额形如 %3）</translation>
    </message>
    <message>
        <source>recovered %1 of %2</source>
        <translation>已恢复 %1 笔，共 %2 笔</translation>
    </message>
    <message>
        <source>nothing to recover: no unfinished transaction has an expired lease or is idle for %1</source>
        <translation>没有需要恢复的交易：没有未完成的交易租约已过期或空闲达 %1</translation>
    </message>
    <message>
        <source>FROM</source>
        <translation>原状态</translation>
    </message>
    <message>
        <source>OUTCOME</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>(%1 more not shown; --json lists all)</source>
        <translation>（还有 %1 笔未显示；--json 会全部列出）</translation>
    </message>
    <message>
        <source>recovered %1: %2 done, %3 canceled, %4 moved by someone else, %5 failed</source>
        <translation>已恢复 %1 笔：%2 笔 done，%3 笔 canceled，%4 笔已被他人处理，%5 笔失败</translation>
    </message>
    <message>
        <source>%1 of %2 could not be recovered; first: %3: %4</source>
        <translation>%2 笔中有 %1 笔无法恢复；第一笔：%3：%4</translation>
    </message>
    <message>
        <source>audited %1 accounts, %2 transactions (%3 in flight), %4 leg markers; balances sum to %5</source>
        <translation>已审计 %1 个账户、%2 笔交易（%3 笔进行中）、%4 个分录标记；余额合计 %5</translation>
    </message>
    <message>
        <source>[invariant %1] %2: %3</source>
        <translation>[不变量 %1] %2：%3</translation>
    </message>
    <message>
        <source>clean: all six invariants hold</source>
        <translation>通过：六条不变量全部成立</translation>
    </message>
    <message>
        <source>created store %1</source>
        <translation>已创建存储库 %1</translation>
    </message>
    <message>
        <source>the store %1 already has accounts; demo added nothing</source>
        <translation>存储库 %1 中已有账户；演示没有添加任何内容</translation>
    </message>
    <message>
        <source>demo data in %1: %2 new accounts, %3 done, %4 canceled, %5 compensations, %6 stuck (%7)</source>
        <translation>%1 中的演示数据：%2 个新账户，%3 笔 done，%4 笔 canceled，%5 笔补偿，%6 笔卡住（%7）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>next: 'ledgerctl list --stuck-for 0s' shows what is stuck, 'ledgerctl recover' repairs it</source>
        <translation>下一步：'ledgerctl list --stuck-for 0s' 显示卡住的交易，'ledgerctl recover' 修复它们</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>错误码</translation>
    </message>
    <message>
        <source>EXIT</source>
        <translation>退出状态</translation>
    </message>
    <message>
        <source>MEANING</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>already existed</source>
        <translation>已存在</translation>
    </message>
    <message>
        <source>no state %1; states are: %2</source>
        <translation>没有状态 %1；状态有：%2</translation>
    </message>
    <message>
        <source> (comp)</source>
        <translation>（补偿）</translation>
    </message>
    <message>
        <source>no transactions match</source>
        <translation>没有匹配的交易</translation>
    </message>
    <message>
        <source>SOURCE</source>
        <translation>付款方</translation>
    </message>
    <message>
        <source>DESTINATION</source>
        <translation>收款方</translation>
    </message>
    <message>
        <source>AMOUNT</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>AGE</source>
        <translation>存在时长</translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation>处理者</translation>
    </message>
    <message>
        <source>LEASE</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>LAST ERROR</source>
        <translation>最近错误</translation>
    </message>
    <message>
        <source>(%1 of %2 transactions; use --limit to see more)</source>
        <translation>（共 %2 笔交易，显示 %1 笔；用 --limit 查看更多）</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>已于 %1前过期</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2前）</translation>
    </message>
    <message>
        <source>Transaction %1</source>
        <translation>交易 %1</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>source</source>
        <translation>付款方</translation>
    </message>
    <message>
        <source>destination</source>
        <translation>收款方</translation>
    </message>
    <message>
        <source>amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>memo</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>key</source>
        <translation>幂等键</translation>
    </message>
    <message>
        <source>compensates</source>
        <translation>补偿对象</translation>
    </message>
    <message>
        <source>compensated by</source>
        <translation>补偿交易</translation>
    </message>
    <message>
        <source>created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>处理者</translation>
    </message>
    <message>
        <source>lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>纪元</translation>
    </message>
    <message>
        <source>%1 (%2 claims)</source>
        <translation>%1（认领 %2 次）</translation>
    </message>
    <message>
        <source>last error</source>
        <translation>最近错误</translation>
    </message>
    <message>
        <source>Leg markers</source>
        <translation>分录标记</translation>
    </message>
    <message>
        <source>(none: nothing was held yet)</source>
        <translation>（无：尚未预留任何金额）</translation>
    </message>
    <message>
        <source>SIDE</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>ACCOUNT</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>EVENT</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>ACTOR</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>EPOCH</source>
        <translation>纪元</translation>
    </message>
    <message>
        <source>DETAIL</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Account %1</source>
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>pending debits</source>
        <translation>待处理借记</translation>
    </message>
    <message>
        <source>pending credits</source>
        <translation>待处理贷记</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Held for transactions in flight</source>
        <translation>为进行中的交易预留</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>TRANSACTION</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>SINCE</source>
        <translation>自</translation>
    </message>
    <message>
        <source>ledgerctl — operate a LedgerDesk two-phase-commit ledger from the command line</source>
        <translation>ledgerctl — 在命令行中操作 LedgerDesk 两阶段提交账本</translation>
    </message>
    <message>
        <source>usage: ledgerctl [--store PATH] [--operator NAME] &lt;command&gt; ...</source>
        <translation>用法：ledgerctl [--store PATH] [--operator NAME] &lt;命令&gt; ...</translation>
    </message>
    <message>
        <source>commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>global options:</source>
        <translation>全局选项：</translation>
    </message>
    <message>
        <source>options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>transfers: split the slowest transfers' time into CPU, lock wait and time off the CPU</source>
        <translation>transfers：把最慢的转账所用的时间拆分为 CPU 时间、等锁时间和离开 CPU 的时间</translation>
    </message>
    <message>
        <source>shards on PostgreSQL: one database per shard, URIs separated by spaces or any
                        connection strings separated by ';' (--store names X.json)</source>
        <translation>PostgreSQL 上的分片：每个分片一个数据库，URI 之间用空格分隔，或任意
                        连接串之间用 ';' 分隔（--store 指定 X.json）</translation>
    </message>
    <message>
        <source>Without --shards the store is one SQLite file, or with --store postgresql://... one PostgreSQL
database (created when it does not exist and you may). With --shards N, --store names the
store's topology file, which must end in .json: init writes the shard files X.shard-0.db ...
X.shard-&lt;N-1&gt;.db beside it, then X.json, which every command then opens as the store. With
--servers 'postgresql://a/ledger postgresql://b/ledger' (or 'host=a dbname=ledger; service=b')
the shards are those databases, on one server or several (passwords go in ~/.pgpass,
never in the connection strings: X.json keeps them).
Accounts are placed by their id and transfers by their key (or id); the shard count is
fixed for the life of the store. Each shard makes every write durable before the next.</source>
        <translation>不带 --shards 时，存储库是一个 SQLite 文件；若 --store postgresql://... 则是一个 PostgreSQL
数据库（不存在且你有权限时会创建）。带 --shards N 时，--store 指定存储库的拓扑文件，
必须以 .json 结尾：init 在其旁边写入分片文件 X.shard-0.db ...
X.shard-&lt;N-1&gt;.db，然后写入 X.json，此后每个命令都把它作为存储库打开。带
--servers 'postgresql://a/ledger postgresql://b/ledger'（或 'host=a dbname=ledger; service=b'）时，
分片就是这些数据库，可在一台或多台服务器上（密码放在 ~/.pgpass，
绝不放在连接串中：X.json 会保存连接串）。
账户按其 id 放置，转账按其幂等键（或 id）放置；分片数在存储库
整个生命周期内固定。每个分片在下一次写入前使每次写入持久化。</translation>
    </message>
    <message>
        <source>--servers needs at least one PostgreSQL connection string</source>
        <translation>--servers 至少需要一个 PostgreSQL 连接串</translation>
    </message>
    <message>
        <source>The balances are the account documents' as stored: while a transfer is half-posted the
sum of all of them is off by its unposted legs. 'ledgerctl balances' counts every
transaction whole.</source>
        <translation>这里的余额是账户文档中存储的值：转账部分过账时，
所有余额之和会差出其未过账的分录。'ledgerctl balances' 会把每笔
交易完整计入。</translation>
    </message>
    <message>
        <source>every account's balance with each transaction counted whole</source>
        <translation>每个账户的余额，每笔交易完整计入</translation>
    </message>
    <message>
        <source>A transaction counts from its commit point: once it is applied (or one of its legs is
posted) all its legs count, before that none does. So the balances, @world included,
always sum to zero, even while transfers are half-way, on every kind of store; the
transactions still being posted are listed. --json prints [{"id", "balance",
"posted"}] with decimal strings.</source>
        <translation>交易从其提交点起计入：一旦进入 applied（或其某条分录已
过账），它的所有分录都计入，此前一条也不计入。因此包括 @world 在内的余额
总是合计为零，即使转账正进行到一半，在任何类型的存储库上都是如此；
仍在过账的交易会被列出。--json 输出 [{"id", "balance",
"posted"}]，金额为十进制字符串。</translation>
    </message>
    <message>
        <source>a debit leg, instead of SOURCE DESTINATION AMOUNT (repeat for several)</source>
        <translation>一条借记分录，代替 SOURCE DESTINATION AMOUNT（可重复多次）</translation>
    </message>
    <message>
        <source>a credit leg (repeat for several)</source>
        <translation>一条贷记分录（可重复多次）</translation>
    </message>
    <message>
        <source>AMOUNT is a positive decimal with at most the ledger's scale of decimals, e.g. 12.34.
@world may be the source (money entering) or the destination (money leaving).
With --from and --to one transaction moves money between several accounts, e.g.
  ledgerctl transfer --from alice:100 --to bob:97 --to fees:3
at least one of each, at most 16 legs, each on its own account; the debits and the
credits must add up to the same amount (else invalid-amount, and nothing is written).
Every leg is held before any is posted: all of them move, or none.</source>
        <translation>AMOUNT 是正的十进制数，小数位数不超过账本的小数位数，例如 12.34。
@world 可以是付款方（资金流入）或收款方（资金流出）。
使用 --from 和 --to 时，一笔交易在多个账户之间移动资金，例如
  ledgerctl transfer --from alice:100 --to bob:97 --to fees:3
每种至少一条，最多 16 条分录，每条在自己的账户上；借记与
贷记合计必须相等（否则为 invalid-amount，且不写入任何内容）。
所有分录都预留后才会过账：要么全部移动，要么都不移动。</translation>
    </message>
    <message>
        <source>exit with status 86 right after this protocol write (training, tests): %1;
                        STEP:N for its N-th time (the second credit of a many-legged transfer)</source>
        <translation>在该协议写入之后立即以状态 86 退出（培训、测试）：%1；
                        STEP:N 表示其第 N 次（多分录转账的第二条贷记）</translation>
    </message>
    <message>
        <source>%1 takes either %2 or %3, not both; %4 is one too many</source>
        <translation>%1 接受 %2 或 %3，不能两者都给；%4 是多余的</translation>
    </message>
    <message>
        <source>NOT POSTED YET</source>
        <translation>尚未过账</translation>
    </message>
    <message numerus="yes">
        <source>total %1 over %n account(s)</source>
        <translation><numerusform>%n 个账户合计 %1</numerusform></translation>
    </message>
    <message>
        <source>counted whole while still being posted: %1</source>
        <translation>仍在过账、已完整计入：%1</translation>
    </message>
    <message>
        <source>legs</source>
        <translation>分录</translation>
    </message>
    <message numerus="yes">
        <source>with every transaction counted whole: %1 as posted, and %2 not posted yet by %n transaction(s) being finished: %3</source>
        <translation><numerusform>每笔交易完整计入：已过账 %1，另有 %2 尚未过账，来自 %n 笔正在完成的交易：%3</numerusform></translation>
    </message>
    <message>
        <source>what you are doing about it, recorded with your name</source>
        <translation>您正在做什么，以您的名字记录</translation>
    </message>
    <message>
        <source>The claim stands until released (ledgerctl release) or the transaction finishes. Claiming one someone else claimed takes it over; the journal keeps both.</source>
        <translation>接手一直有效，直到被放弃（ledgerctl release）或交易结束。接手他人已接手的交易即为接过；日志两者都保留。</translation>
    </message>
    <message>
        <source>release a claim on a transaction (yours, or someone else's by hand)</source>
        <translation>放弃对一笔交易的接手（您自己的，或手动放弃他人的）</translation>
    </message>
    <message>
        <source>add a note to a transaction's journal, with your name</source>
        <translation>在交易日志中添加一条署名备注</translation>
    </message>
    <message>
        <source>keep every time at now instead of spreading the history over the last week</source>
        <translation>所有时间都保持为当前时间，而不是把历史分布在过去一周</translation>
    </message>
    <message>
        <source>The history is spread over the last week: most transfers over days, the rest over the last hour, stuck ones from minutes to days old, so that ages and the stuck threshold mean something.</source>
        <translation>历史分布在过去一周：大多数转账分布在数天内，其余在最近一小时内，卡住的交易从几分钟到几天不等，使时长和卡住阈值有实际意义。</translation>
    </message>
    <message>
        <source>(taken over from %1, who claimed it %2 ago)</source>
        <translation>（从 %1 手中接过，其在 %2前接手）</translation>
    </message>
    <message>
        <source>%1 is no longer claimed</source>
        <translation>%1 已无人接手</translation>
    </message>
    <message>
        <source>(%1 had claimed it %2 ago)</source>
        <translation>（%1 曾在 %2前接手）</translation>
    </message>
    <message>
        <source>noted on %1</source>
        <translation>已为 %1 添加备注</translation>
    </message>
    <message>
        <source>claimed by</source>
        <translation>接手人</translation>
    </message>
    <message>
        <source>%1, %2 ago%3</source>
        <translation>%1，%2前%3</translation>
    </message>
    <message>
        <source>%3 is one argument too many: %1 takes %2</source>
        <translation>%3 是多余的参数：%1 只接受 %2 个</translation>
    </message>
    <message numerus="yes">
        <source>created sharded store %1 over %n PostgreSQL database(s) (scale %2: amounts like %3)</source>
        <translation><numerusform>已创建分片存储库 %1，分布在 %n 个 PostgreSQL 数据库上（小数位数 %2：金额形如 %3）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>created sharded store %1 over %n shard file(s) beside it (scale %2: amounts like %3)</source>
        <translation><numerusform>已创建分片存储库 %1，分布在它旁边的 %n 个分片文件上（小数位数 %2：金额形如 %3）</numerusform></translation>
    </message>
    <message>
        <source>the invariants do not hold (findings listed above: %1)</source>
        <translation>不变量不成立（发现见上文：%1 项）</translation>
    </message>
    <message>
        <source>say you are on a transaction: every console shows it and asks others before they repair it</source>
        <translation>表明您正在处理一笔交易：每个控制台都会显示，并在他人修复前询问</translation>
    </message>
    <message>
        <source>%1 (%2) is claimed by %3: every console shows it and asks other operators before they repair it</source>
        <translation>%1（%2）已由 %3 接手：每个控制台都会显示，并在其他操作员修复前询问</translation>
    </message>
    <message>
        <source>warning: %1 claimed %2 %3 ago%4; repairing it anyway</source>
        <translation>警告：%1 在 %3前接手了 %2%4；仍然修复</translation>
    </message>
    <message>
        <source>posted</source>
        <translation>已过账</translation>
    </message>
    <message>
        <source>not posted yet</source>
        <translation>尚未过账</translation>
    </message>
    <message>
        <source>ACTED ON</source>
        <translation>操作对象</translation>
    </message>
    <message>
        <source>; did you mean %1?</source>
        <translation>；你是不是想输入 %1？</translation>
    </message>
    <message>
        <source>usage: ledgerctl %1 &lt;subcommand&gt; ...</source>
        <translation>用法：ledgerctl %1 &lt;子命令&gt; ...</translation>
    </message>
    <message>
        <source>'ledgerctl help %1 SUBCOMMAND' shows a subcommand's options.</source>
        <translation>'ledgerctl help %1 子命令' 显示子命令的选项。</translation>
    </message>
    <message>
        <source>; did you mean %1? (ids are case-sensitive)</source>
        <translation>；你是不是想输入 %1？（id 区分大小写）</translation>
    </message>
    <message>
        <source>worker threads or clients, 1-64 (default 4); transfers: a list like 1,4,16 measures each</source>
        <translation>工作线程或客户端数，1-64（默认 4）；transfers 场景可给列表（如 1,4,16），逐个测量</translation>
    </message>
    <message>
        <source>the store: a file, a sharded store's X.json, or a PostgreSQL database in libpq's
                        terms: postgresql://user@h1:5432,h2:5432/db?target_session_attrs=read-write,
                        'host=/run/postgresql dbname=ledger', 'service=ledger' (pg_service.conf), or
                        postgresql:// for what the PG* variables say; passwords from ~/.pgpass;
                        or tables on DynamoDB: dynamodb://REGION/PREFIX?endpoint=URL&amp;profile=NAME
                        (credentials as the AWS CLI finds them)
                        (default: $LEDGERDESK_STORE, else ledger.db in your data directory)</source>
        <translation>存储库：一个文件、分片存储库的 X.json，或以 libpq 格式给出的 PostgreSQL 数据库：
                        postgresql://user@h1:5432,h2:5432/db?target_session_attrs=read-write、
                        'host=/run/postgresql dbname=ledger'、'service=ledger'（pg_service.conf），或
                        postgresql://（按 PG* 环境变量）；密码取自 ~/.pgpass；
                        或 DynamoDB 上的表：dynamodb://REGION/PREFIX?endpoint=URL&amp;profile=NAME
                        （凭证按 AWS CLI 的方式查找）
                        （默认：$LEDGERDESK_STORE，否则为数据目录中的 ledger.db）</translation>
    </message>
    <message>
        <source>also those someone else claimed within 4 hours (passed over and named otherwise)</source>
        <translation>也处理他人在 4 小时内接手的交易（否则跳过并列出）</translation>
    </message>
    <message>
        <source>nothing recovered: the %1 stuck are claimed by others</source>
        <translation>未恢复任何交易：%1 笔卡住的交易已由他人接手</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另有 %1 笔</translation>
    </message>
    <message>
        <source>passed over %1 that others claimed within 4 hours, still theirs to resume or cancel: %2; ask them, or run again with --take-claimed</source>
        <translation>跳过了 %1 笔他人在 4 小时内接手、仍由其决定恢复或取消的交易：%2；请询问他们，或加 --take-claimed 再次运行</translation>
    </message>
    <message>
        <source>idempotency key: the same key and request never pays twice (a retry finishes what a dead run left, unless an operator claimed it; one still in flight exits 4)</source>
        <translation>幂等键：相同的键和请求绝不会支付两次（重试会完成中断运行留下的交易，除非已有操作员接手；仍在进行中的以退出状态 4 结束）</translation>
    </message>
    <message>
        <source>exit status: 0 success; 1 refused by a rule of the ledger, or audit findings;
2 bad usage or input; 3 store unavailable or unusable;
4 accepted, not finished: the transaction is in flight and its money has not moved yet
(not-finished; ask again with the same key); 86 injected crash.
Errors go to stderr as 'error: &lt;code&gt;: &lt;message&gt;' ('ledgerctl errors' lists the codes).
'ledgerctl help COMMAND' shows a command's options.</source>
        <translation>退出状态：0 成功；1 被账本规则拒绝，或审计有发现；
2 用法或输入有误；3 存储库不可用或无法使用；
4 已受理，尚未完成：交易仍在进行中，资金尚未变动
（not-finished；请用同一个幂等键再次查询）；86 注入的崩溃。
错误以 'error: &lt;code&gt;: &lt;message&gt;' 的形式写到标准错误（'ledgerctl errors' 列出所有错误码）。
'ledgerctl help COMMAND' 显示某个命令的选项。</translation>
    </message>
    <message>
        <source>instead of a script, the ids it offers, one a line: accounts (in id order) or
                          transactions (newest first), at most %1</source>
        <translation>不打印脚本，而是打印它提供的 ID，每行一个：accounts（账户，按 ID 排序）或
                          transactions（交易，最新的在前），最多 %1 个</translation>
    </message>
    <message>
        <source>with --ids: only ids starting with TEXT</source>
        <translation>与 --ids 一起用：只列出以 TEXT 开头的 ID</translation>
    </message>
    <message>
        <source>print the completion script for bash or zsh</source>
        <translation>打印 bash 或 zsh 的补全脚本</translation>
    </message>
    <message>
        <source>SHELL is bash or zsh. The package installs both; to load one by hand:
  source &lt;(ledgerctl completion bash)
or put the output of 'ledgerctl completion zsh' on $fpath as _ledgerctl. The scripts
offer commands, options, their values, and ids from the store of the line being completed
(--store, else $LEDGERDESK_STORE): ids only from a store of local files, as a key press
must not wait on a server.</source>
        <translation>SHELL 为 bash 或 zsh。软件包会安装这两个脚本；手动加载其一：
  source &lt;(ledgerctl completion bash)
或把 'ledgerctl completion zsh' 的输出以 _ledgerctl 为名放到 $fpath 中。脚本会补全
命令、选项及其取值，以及所补全命令行所指存储库（--store，否则 $LEDGERDESK_STORE）中的 ID：
只从本地文件的存储库取 ID，因为按一下键不能等待服务器。</translation>
    </message>
    <message>
        <source>--ids must be accounts or transactions, not %1</source>
        <translation>--ids 必须是 accounts 或 transactions，而不是 %1</translation>
    </message>
    <message>
        <source>--prefix goes with --ids</source>
        <translation>--prefix 只能与 --ids 一起使用</translation>
    </message>
    <message>
        <source>SHELL must be bash or zsh, not %1</source>
        <translation>SHELL 必须是 bash 或 zsh，而不是 %1</translation>
    </message>
    <message>
        <source>stuck means not finished and idle this long, or lease expired (default 30m)</source>
        <translation>卡住指未完成且空闲这么久，或租约已过期（默认 30m）</translation>
    </message>
    <message>
        <source>WARNING when more than N are stuck (default 0)</source>
        <translation>卡住的超过 N 笔时为 WARNING（默认 0）</translation>
    </message>
    <message>
        <source>CRITICAL when more than N are stuck (default 9)</source>
        <translation>卡住的超过 N 笔时为 CRITICAL（默认 9）</translation>
    </message>
    <message>
        <source>WARNING when the oldest stuck one has been idle longer (default: not checked)</source>
        <translation>最早卡住的一笔空闲超过此时长时为 WARNING（默认：不检查）</translation>
    </message>
    <message>
        <source>CRITICAL when the oldest stuck one has been idle longer (default: not checked)</source>
        <translation>最早卡住的一笔空闲超过此时长时为 CRITICAL（默认：不检查）</translation>
    </message>
    <message>
        <source>also audit the ledger: any finding is CRITICAL</source>
        <translation>同时审计账本：任何发现都为 CRITICAL</translation>
    </message>
    <message>
        <source>a monitoring check of stuck transactions (Nagios, Icinga, cron)</source>
        <translation>卡住交易的监控检查（Nagios、Icinga、cron）</translation>
    </message>
    <message>
        <source>Prints one line in the monitoring-plugins format, e.g.
  LEDGER WARNING - 3 stuck (idle 30m or lease expired), oldest idle 4d: ... | stuck=3;0;9;0; ...
and exits 0 OK, 1 WARNING, 2 CRITICAL or 3 UNKNOWN (the store unreachable, a bad option):
these exit statuses, not ledgerctl's others. The line is always in English.</source>
        <translation>按 monitoring-plugins 格式输出一行，例如
  LEDGER WARNING - 3 stuck (idle 30m or lease expired), oldest idle 4d: ... | stuck=3;0;9;0; ...
退出状态为 0 OK、1 WARNING、2 CRITICAL 或 3 UNKNOWN（存储库无法访问、选项有误）：
使用这些退出状态，而不是 ledgerctl 的其他退出状态。这一行始终为英文。</translation>
    </message>
    <message>
        <source>say whom the journal will name for what you do, with which role, where</source>
        <translation>显示日志将以谁的名字记录您的操作、角色以及所连接的位置</translation>
    </message>
    <message>
        <source>Through a ledger service (--server) the name and role are the token's, vouched for by the
server. On a store opened here the name is --operator's (or $LEDGERDESK_OPERATOR, $USER),
which nobody checks.</source>
        <translation>通过账本服务（--server）时，名字和角色来自令牌，由服务器担保。
在此打开的存储库上，名字取自 --operator（或 $LEDGERDESK_OPERATOR、$USER），
无人核验。</translation>
    </message>
    <message>
        <source>go through a ledger service (ledgerd) instead of opening a store: https://HOST:PORT,
                        or http://127.0.0.1:PORT on this machine; the journal then names you as your
                        token does, whatever --operator says (default: $LEDGERDESK_SERVER)</source>
        <translation>通过账本服务（ledgerd）而不是打开存储库：https://HOST:PORT，
                        或本机的 http://127.0.0.1:PORT；此时日志按您的令牌记名，
                        与 --operator 无关（默认：$LEDGERDESK_SERVER）</translation>
    </message>
    <message>
        <source>with --server: the file holding your token, readable by you only (default:
                        $LEDGERDESK_TOKEN)</source>
        <translation>与 --server 一起使用：保存您令牌的文件，只能由您读取（默认：
                        $LEDGERDESK_TOKEN）</translation>
    </message>
    <message>
        <source>with --server: check the service's certificate against these PEM CAs instead of
                        the system's</source>
        <translation>与 --server 一起使用：用这些 PEM 格式的 CA 而不是系统的 CA
                        校验服务的证书</translation>
    </message>
    <message>
        <source>ledgerctl %1 does not go through a ledger service yet: run it where the store is, with --store</source>
        <translation>ledgerctl %1 暂不支持通过账本服务执行：请在存储库所在处用 --store 运行</translation>
    </message>
    <message>
        <source>--store and --server exclude each other: open a store here, or go through a ledger service</source>
        <translation>--store 与 --server 互斥：要么在此打开存储库，要么通过账本服务</translation>
    </message>
    <message>
        <source>--%1 goes with --server</source>
        <translation>--%1 需与 --server 一起使用</translation>
    </message>
    <message>
        <source>note: %1 is not used through a ledger service: the journal names you %2, as your token does</source>
        <translation>注意：通过账本服务时不使用 %1：日志按您的令牌记名为 %2</translation>
    </message>
    <message>
        <source>%1 (%2) at %3: the server writes this name into the journal (token from %4)</source>
        <translation>%1（%2），位于 %3：服务器把此名字写入日志（令牌来自 %4）</translation>
    </message>
    <message>
        <source>%1 on %2: a name this desktop gives, which nobody checks (through ledgerd, --server, the server names you)</source>
        <translation>%1，位于 %2：这是本机给出的名字，无人核验（通过 ledgerd 即 --server 时，由服务器为您记名）</translation>
    </message>
    <message>
        <source>the data lake: a folder, or s3://BUCKET/PREFIX[?endpoint=URL&amp;region=R&amp;profile=P]</source>
        <translation>数据湖：一个文件夹，或 s3://BUCKET/PREFIX[?endpoint=URL&amp;region=R&amp;profile=P]</translation>
    </message>
    <message>
        <source>close a file at this size before compression (default 64MB; KB, MB, GB, KiB…)</source>
        <translation>文件在压缩前达到此大小时关闭（默认 64MB；KB、MB、GB、KiB…）</translation>
    </message>
    <message>
        <source>close a file this long after its first line (default 5m; a run closes every file at its end)</source>
        <translation>文件写入第一行后经过此时长即关闭（默认 5m；一次运行结束时关闭所有文件）</translation>
    </message>
    <message>
        <source>put every finished transaction into the data lake, once (one run, for cron)</source>
        <translation>把每笔已结束的交易写入数据湖，恰好一次（运行一次，供 cron 使用）</translation>
    </message>
    <message>
        <source>Writes each transaction that finished (done or canceled) before the run began as one JSON line,
the feed's event without its cursor, into gzip files dt=YYYY-MM-DD/sNN-AFTER-LAST.ndjson.gz
by the UTC day it finished, with _schema.json and _checkpoint.json at the lake's root. Run
again, it adds what finished since; killed at any moment and run again, every transaction
is in the lake exactly once. One sync at a time per lake (a folder's is locked: lake-busy).
LOCATION: a folder, or s3://BUCKET/PREFIX?endpoint=URL&amp;region=R&amp;profile=P with credentials
as the AWS CLI finds them. 'ledgerd --lake LOCATION' keeps a lake up to date instead.</source>
        <translation>把运行开始前已结束（done 或 canceled）的每笔交易写成一行 JSON（变更流的事件，不含游标），
按其结束时的 UTC 日期写入 gzip 文件 dt=YYYY-MM-DD/sNN-AFTER-LAST.ndjson.gz，
湖的根目录下有 _schema.json 和 _checkpoint.json。再次运行时，只添加此后结束的交易；
在任意时刻被杀死后再次运行，每笔交易在湖中都恰好出现一次。每个湖同一时间只允许一个同步
（文件夹的湖会加锁：lake-busy）。LOCATION：一个文件夹，或 s3://BUCKET/PREFIX?endpoint=URL&amp;region=R&amp;profile=P，
凭证按 AWS CLI 的方式查找。'ledgerd --lake LOCATION' 则会持续保持湖为最新。</translation>
    </message>
    <message>
        <source>say how far the data lake got: files, events, how far behind, gaps</source>
        <translation>说明数据湖的进度：文件、事件、落后多少、缺口</translation>
    </message>
    <message>
        <source>Reads the checkpoint and the list of files (takes no lock, writes nothing), checks that each
shard's files follow one another with no gap or overlap, and counts what finished after
the last file (up to 10,000).</source>
        <translation>读取检查点和文件列表（不加锁，不写入任何内容），检查每个分片的文件是否
首尾相接、没有缺口或重叠，并统计最后一个文件之后结束的交易（最多 10,000）。</translation>
    </message>
    <message>
        <source>%1 needs --to LOCATION: a folder, or s3://BUCKET/PREFIX</source>
        <translation>%1 需要 --to LOCATION：一个文件夹，或 s3://BUCKET/PREFIX</translation>
    </message>
    <message>
        <source>lake: %1 events read…</source>
        <translation>数据湖：已读取 %1 个事件…</translation>
    </message>
    <message>
        <source>lake: %1 events in %2 files (%3) to %4</source>
        <translation>数据湖：%1 个事件，%2 个文件（%3），写入 %4</translation>
    </message>
    <message>
        <source>lake: %1 files an interrupted run had made visible were taken into the checkpoint</source>
        <translation>数据湖：被中断的运行已使 %1 个文件可见，现已计入检查点</translation>
    </message>
    <message>
        <source>lake:</source>
        <translation>数据湖：</translation>
    </message>
    <message>
        <source>checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <source>%1 by %2, cursor %3</source>
        <translation>%1，由 %2 写入，游标 %3</translation>
    </message>
    <message>
        <source>none (nothing synced yet)</source>
        <translation>无（尚未同步任何内容）</translation>
    </message>
    <message>
        <source>files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>%1 (%2), %3 events</source>
        <translation>%1 个（%2），%3 个事件</translation>
    </message>
    <message>
        <source>newest:</source>
        <translation>最新：</translation>
    </message>
    <message>
        <source>behind:</source>
        <translation>落后：</translation>
    </message>
    <message>
        <source>%1 events, the oldest finished %2 s ago</source>
        <translation>%1 个事件，最早的在 %2 秒前结束</translation>
    </message>
    <message>
        <source>nothing: every finished transaction is in the lake</source>
        <translation>无：每笔已结束的交易都已在湖中</translation>
    </message>
    <message>
        <source>chain:</source>
        <translation>链：</translation>
    </message>
    <message>
        <source>whole (no gap, no overlap)</source>
        <translation>完整（无缺口，无重叠）</translation>
    </message>
    <message>
        <source>console, lake: transactions in the store (default 1000000)</source>
        <translation>console、lake：存储库中的交易数（默认 1000000）</translation>
    </message>
    <message>
        <source>SCENARIO is one of:
  raw        the store's bare single-document commit rate (its limit), on 1 and N threads
  transfers  random transfers on N threads: transfers/s, latency, protocol efficiency
  seed       the MongoDB schema book's scenario: 25 x 1,000 transfers, published figures beside
  recover    a backlog stuck in every unfinished state, drained by recovery
  shards     transfers at synchronous=FULL on one file and on 1, 2, 4 shard files
  console    the console on 1,000,000 transactions: open, last row, middle, scroll, filter, sort, RSS
  lake       a lake sync of 1,000,000 finished transfers beside the feed of them to /dev/null
  all        each of the above but lake, with its defaults (the README's table)
The scratch store is made beside the --store location (same disk) and removed afterwards.</source>
        <translation>SCENARIO 是以下之一：
  raw        存储库单文档裸提交的速率（其上限），在 1 个和 N 个线程上
  transfers  在 N 个线程上随机转账：每秒转账数、延迟、协议效率
  seed       MongoDB 模式设计一书中的场景：25 x 1,000 笔转账，并列出已发表的数据
  recover    卡在各个未完成状态的积压交易，由恢复处理完毕
  shards     在 synchronous=FULL 下于单个文件及 1、2、4 个分片文件上转账
  console    控制台在 1,000,000 笔交易上：打开、最后一行、中部、滚动、筛选、排序、RSS
  lake       对 1,000,000 笔已结束转账做数据湖同步，并与把它们的变更流输出到 /dev/null 相比
  all        以默认设置依次运行以上各项（lake 除外；即 README 中的表格）
临时存储库建在 --store 位置旁边（同一磁盘上），结束后删除。</translation>
    </message>
    <message>
        <source>'%1' needs a subcommand: %2</source>
        <translation>'%1' 需要一个子命令：%2</translation>
    </message>
    <message>
        <source>only these states, comma-separated: pending, approved, rejected, expired, done, failed</source>
        <translation>只列这些状态，逗号分隔：pending、approved、rejected、expired、done、failed</translation>
    </message>
    <message>
        <source>one request in full: what was shown, both names, the outcome</source>
        <translation>一个请求的全部内容：当时看到的内容、两人的名字、结果</translation>
    </message>
    <message>
        <source>the rules ledgerd holds repairs and transfers to</source>
        <translation>ledgerd 约束修复和转账所用的规则</translation>
    </message>
    <message>
        <source>list the approval requests (four eyes), newest first</source>
        <translation>列出审批请求（四眼原则），最新的在前</translation>
    </message>
    <message>
        <source>With rules in ledgerd's --config, a repair or transfer above a threshold is not run: it
waits as an approval request (exit status 4, awaiting-approval) until another person
approves it (it then runs once, under both names) or rejects it. See 'ledgerctl help approve'.</source>
        <translation>当 ledgerd 的 --config 中有规则时，超过阈值的修复或转账不会执行：它
作为审批请求等待（退出状态 4，awaiting-approval），直到另一人
批准它（随后以两人的名义执行一次）或驳回它。参见 'ledgerctl help approve'。</translation>
    </message>
    <message>
        <source>approve an approval request: its action runs, once, under both names</source>
        <translation>批准一个审批请求：其操作以两人的名义执行一次</translation>
    </message>
    <message>
        <source>Through ledgerd only (--server). Never your own request; with 'approvers = approver' in the
rules, only the role approver decides. Refused (approval-stale) when what the requester
was shown no longer holds, and (approval-expired) past its expiry. An approval whose run
was cut short is finished by approving it again.</source>
        <translation>只能通过 ledgerd（--server）。绝不能批准自己的请求；规则中有 'approvers = approver' 时，
只有 approver 角色可以决定。当请求人当时看到的内容不再成立时被拒绝（approval-stale），
过期后也被拒绝（approval-expired）。执行中途被打断的批准，
再次批准即可完成。</translation>
    </message>
    <message>
        <source>reject an approval request (--reason is required): it never runs</source>
        <translation>驳回一个审批请求（必须给出 --reason）：它永远不会执行</translation>
    </message>
    <message>
        <source>pending (expired)</source>
        <translation>pending（已过期）</translation>
    </message>
    <message>
        <source>  action:       %1 %2 (%3)</source>
        <translation>  操作：         %1 %2（%3）</translation>
    </message>
    <message>
        <source>  asked by:     %1 at %2: %3</source>
        <translation>  请求人：       %1，于 %2：%3</translation>
    </message>
    <message>
        <source>  expires:      %1</source>
        <translation>  过期时间：     %1</translation>
    </message>
    <message>
        <source>  decided by:   %1 at %2: %3</source>
        <translation>  决定人：       %1，于 %2：%3</translation>
    </message>
    <message>
        <source>  as shown:</source>
        <translation>  当时看到的内容：</translation>
    </message>
    <message>
        <source>  outcome:</source>
        <translation>  结果：</translation>
    </message>
    <message>
        <source>--state: %1 is not one of %2</source>
        <translation>--state：%1 不是 %2 之一</translation>
    </message>
    <message>
        <source>no approval rules: nothing waits for a second person</source>
        <translation>没有审批规则：没有操作需要等待第二人</translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>ON</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>ASKED BY</source>
        <translation>请求人</translation>
    </message>
    <message>
        <source>DECIDED BY</source>
        <translation>决定人</translation>
    </message>
    <message>
        <source>EXPIRES</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>reject needs --reason TEXT: the requester reads it</source>
        <translation>reject 需要 --reason TEXT：请求者会看到它</translation>
    </message>
</context>
</TS>