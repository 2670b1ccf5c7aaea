<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AccountPanel</name>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2前）</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Pending debits</source>
        <translation>待处理借记</translation>
    </message>
    <message>
        <source>Pending credits</source>
        <translation>待处理贷记</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最后变更</translation>
    </message>
    <message>
        <source>Holds for transactions in flight</source>
        <translation>为进行中的交易所做的预留</translation>
    </message>
    <message>
        <source>None: nothing is held on this account.</source>
        <translation>无：此账户上没有任何预留。</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Held since</source>
        <translation>预留时间</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>已过账</translation>
    </message>
    <message>
        <source>Not posted yet</source>
        <translation>尚未过账</translation>
    </message>
    <message>
        <source>by %1</source>
        <translation>由 %1</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
</context>
<context>
    <name>ApprovalHtml</name>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>请求人</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>(none given)</source>
        <translation>（未给出）</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>What %1 was shown</source>
        <translation>%1 当时看到的内容</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>决定人</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>(no reason given)</source>
        <translation>（未给出原因）</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>ApprovalWords</name>
    <message>
        <source>compensate over %1</source>
        <translation>补偿金额超过 %1</translation>
    </message>
    <message>
        <source>cancel over %1</source>
        <translation>取消金额超过 %1</translation>
    </message>
    <message>
        <source>resume over %1</source>
        <translation>继续执行金额超过 %1</translation>
    </message>
    <message>
        <source>transfer over %1</source>
        <translation>转账金额超过 %1</translation>
    </message>
    <message>
        <source>transfer from @world over %1</source>
        <translation>从 @world 转出金额超过 %1</translation>
    </message>
    <message>
        <source>This waits for a second person's approval (rule: %1)</source>
        <translation>此操作需等待第二人审批（规则：%1）</translation>
    </message>
    <message>
        <source>Waits for approval: another person decides it under Awaiting approval</source>
        <translation>等待审批：由另一人在“待审批”中决定</translation>
    </message>
    <message>
        <source>Waits for approval as %1: another person decides it under Awaiting approval</source>
        <translation>已作为 %1 等待审批：由另一人在“待审批”中决定</translation>
    </message>
    <message>
        <source>%1 (expired)</source>
        <comment>a pending approval request past its expiry</comment>
        <translation>%1（已过期）</translation>
    </message>
</context>
<context>
    <name>CountText</name>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>≈ %1 k</source>
        <translation>≈ %1 千</translation>
    </message>
    <message>
        <source>≈ %1 M</source>
        <translation>≈ %1 百万</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
</context>
<context>
    <name>DetailPanel</name>
    <message>
        <source>not held yet</source>
        <translation>尚未预留</translation>
    </message>
    <message>
        <source>Compensation of</source>
        <translation>补偿的原交易：</translation>
    </message>
    <message>
        <source>Compensated by</source>
        <translation>补偿交易</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>From → to</source>
        <translation>付款方 → 收款方</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>幂等键</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最后变更</translation>
    </message>
    <message>
        <source> (expired)</source>
        <comment>after a lease's end, in red</comment>
        <translation>（已过期）</translation>
    </message>
    <message>
        <source>%1 (%2 left)</source>
        <comment>a lease's end, then how long it still runs</comment>
        <translation>%1（剩余 %2）</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>处理者</translation>
    </message>
    <message>
        <source>Lease until</source>
        <translation>租约至</translation>
    </message>
    <message>
        <source>Epoch / claims</source>
        <translation>纪元 / 认领次数</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最后错误</translation>
    </message>
    <message>
        <source>Legs and accounts</source>
        <translation>分录与账户</translation>
    </message>
    <message>
        <source>Leg</source>
        <translation>分录</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Marker</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2前）</translation>
    </message>
    <message>
        <source>Claimed by %1</source>
        <translation>%1 已接手</translation>
    </message>
    <message>
        <source>(%1 ago)</source>
        <translation>（%1前）</translation>
    </message>
    <message>
        <source>by %1</source>
        <translation>由 %1</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>已过账</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>%1 File</source>
        <translation>%1 文件</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Resume</source>
        <translation>继续执行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compensate</source>
        <translation>补偿</translation>
    </message>
    <message>
        <source>Takes the transaction over (its owner's next write is refused) and drives it to its end: done if the money can move, canceled otherwise.</source>
        <translation>接管该交易（原处理者的下一次写入会被拒绝）并推进到结束：资金可以转移则为已完成，否则为已取消。</translation>
    </message>
    <message>
        <source>Creates (once) a compensation transfer that moves the money back; the original stays done and links to it.</source>
        <translation>创建（仅一次）一笔把资金转回的补偿转账；原交易保持已完成并链接到它。</translation>
    </message>
    <message>
        <source>cannot write %1: the folder does not exist or is read-only</source>
        <translation>无法写入 %1：文件夹不存在或为只读</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Takes the transaction over (its owner's next write is refused) and posts what is left of its legs: it ends done. It is past its commit point, so it can no longer be canceled; compensate it afterwards to undo it.</source>
        <translation>接管这笔交易（其原处理者的下一次写入会被拒绝），并为剩余的分录过账：它将以已完成结束。它已过提交点，因此不能再取消；如需撤销，请之后补偿它。</translation>
    </message>
    <message>
        <source>Takes the transaction over (its owner's next write is refused) and finishes the cancel: every leg is voided, every hold released; it ends canceled and no money moves.</source>
        <translation>接管这笔交易（其原处理者的下一次写入会被拒绝），并完成取消：作废每条分录，释放所有预留；它将以已取消结束，资金不发生移动。</translation>
    </message>
    <message>
        <source>Takes it over and cancels it: every leg is voided, every hold is released, no money moves. A late hold from its old worker finds the voided leg and does nothing.</source>
        <translation>接管并取消它：作废每条分录，释放所有预留，资金不发生移动。其旧处理进程迟到的预留会遇到已作废的分录，不起任何作用。</translation>
    </message>
</context>
<context>
    <name>RepairDialog</name>
    <message>
        <source>Repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>why — kept in the journal with your name</source>
        <translation>原因——会与您的名字一起记入日志</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Repair progress</source>
        <translation>修复进度</translation>
    </message>
    <message>
        <source>Reaso&amp;n</source>
        <translation>原因(&amp;N)</translation>
    </message>
    <message>
        <source>Repair &amp;anyway: I have spoken to them</source>
        <translation>仍然修复：我已与对方沟通(&amp;A)</translation>
    </message>
</context>
<context>
    <name>ServerConnect</name>
    <message>
        <source>%1 refused the token: it is mistyped, or it was revoked. Ask for a new token, then File › Connect to a ledger service… again.
(%2)</source>
        <translation>%1 拒绝了该令牌：令牌输错了，或已被吊销。请申请新令牌，然后再次使用“文件 › 连接到账本服务…”。
（%2）</translation>
    </message>
    <message>
        <source>%1 accepted the token, but its role does not allow this.
(%2)</source>
        <translation>%1 接受了该令牌，但其角色不允许此操作。
（%2）</translation>
    </message>
    <message>
        <source>%1's certificate was refused, so nothing was sent to it: %2</source>
        <translation>%1 的证书被拒绝，因此未向其发送任何内容：%2</translation>
    </message>
    <message>
        <source>Cannot reach the ledger service at %1: %2</source>
        <translation>无法连接 %1 上的账本服务：%2</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Your &amp;name</source>
        <translation>您的名字(&amp;N)</translation>
    </message>
    <message>
        <source>Written into the journal with every action you take</source>
        <translation>您的每项操作都会连同此名字写入日志</translation>
    </message>
    <message>
        <source>Operator name</source>
        <translation>操作员姓名</translation>
    </message>
    <message>
        <source>&amp;Stuck after</source>
        <translation>卡住判定(&amp;S)</translation>
    </message>
    <message>
        <source> minutes idle</source>
        <translation> 分钟空闲</translation>
    </message>
    <message>
        <source>Stuck threshold in minutes</source>
        <translation>卡住判定阈值（分钟）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Takes effect the next time LedgerDesk starts</source>
        <translation>下次启动 LedgerDesk 时生效</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>&amp;Tell me when transactions become stuck</source>
        <translation>交易卡住时通知我(&amp;T)</translation>
    </message>
    <message>
        <source>A notice from the system tray when transactions nobody else claimed become stuck while you look elsewhere (at most one every five minutes)</source>
        <translation>你在看别处时，若有无人认领的交易卡住，系统托盘会发出通知（每五分钟最多一次）</translation>
    </message>
    <message>
        <source>Notify when transactions become stuck</source>
        <translation>交易卡住时通知</translation>
    </message>
</context>
<context>
    <name>TransferDialog</name>
    <message>
        <source>New transfer</source>
        <translation>新建转账</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>付款方(&amp;F)</translation>
    </message>
    <message>
        <source>account id, e.g. acme-corp (or @world)</source>
        <translation>账户 ID，例如 acme-corp（或 @world）</translation>
    </message>
    <message>
        <source>Source account</source>
        <translation>付款账户</translation>
    </message>
    <message>
        <source>account id</source>
        <translation>账户 ID</translation>
    </message>
    <message>
        <source>Destination account</source>
        <translation>收款账户</translation>
    </message>
    <message>
        <source>&amp;Amount</source>
        <translation>金额(&amp;A)</translation>
    </message>
    <message>
        <source>12.34</source>
        <translation>12.34</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>&amp;Memo</source>
        <translation>备注(&amp;M)</translation>
    </message>
    <message>
        <source>optional note, e.g. invoice 1042</source>
        <translation>可选备注，例如 发票 1042</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Idempotency &amp;key</source>
        <translation>幂等键(&amp;K)</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>幂等键</translation>
    </message>
    <message>
        <source>The same key and request never pay twice: a double click, a retry or a resubmission returns the first transfer.</source>
        <translation>同一个键和同一请求绝不会重复付款：双击、重试或重新提交都会返回第一笔转账。</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>A fresh key, for a new and different transfer</source>
        <translation>生成新的键，用于另一笔不同的转账</translation>
    </message>
    <message>
        <source>Add &amp;leg</source>
        <translation>添加分录(&amp;L)</translation>
    </message>
    <message>
        <source>More accounts in the same transaction (e.g. a fee): every leg moves, or none</source>
        <translation>在同一笔交易中加入更多账户（例如手续费）：要么所有分录都移动，要么都不移动</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <translation>收款方(&amp;O)</translation>
    </message>
</context>
<context>
    <name>ledger</name>
    <message>
        <source>already compensated by %1</source>
        <translation>已由 %1 补偿</translation>
    </message>
    <message>
        <source>an account needs an id</source>
        <translation>账户需要一个 ID</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
</context>
<context>
    <name>ledger::app::AccountPanel</name>
    <message>
        <source>Account detail</source>
        <translation>账户详情</translation>
    </message>
    <message>
        <source>Select an account to see its holds and history.</source>
        <translation>选择一个账户以查看其预留和历史。</translation>
    </message>
</context>
<context>
    <name>ledger::app::AccountTableModel</name>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Pending debits</source>
        <translation>待处理借记</translation>
    </message>
    <message>
        <source>Pending credits</source>
        <translation>待处理贷记</translation>
    </message>
    <message>
        <source>Not posted yet</source>
        <translation>尚未过账</translation>
    </message>
    <message>
        <source>Balance counted whole: the posted balance plus what transactions past their commit point will still post</source>
        <translation>余额按整笔计入：已过账余额，加上已过提交点的交易仍将过账的金额</translation>
    </message>
    <message>
        <source>Committed to this account but not posted yet: balance − posted</source>
        <translation>已提交到此账户但尚未过账：余额 − 已过账</translation>
    </message>
</context>
<context>
    <name>ledger::app::AccountsPage</name>
    <message>
        <source>Filter accounts by id or name…</source>
        <translation>按 ID 或名称筛选账户…</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Freeze account %1</source>
        <translation>冻结账户 %1</translation>
    </message>
    <message>
        <source>Unfreeze account %1</source>
        <translation>解冻账户 %1</translation>
    </message>
    <message>
        <source>Close account %1</source>
        <translation>关闭账户 %1</translation>
    </message>
    <message>
        <source>Why freeze %1? (kept in its journal with your name)</source>
        <translation>为什么冻结 %1？（会与您的名字一起记入其日志）</translation>
    </message>
    <message>
        <source>Why unfreeze %1? (kept in its journal with your name)</source>
        <translation>为什么解冻 %1？（会与您的名字一起记入其日志）</translation>
    </message>
    <message>
        <source>Why close %1? It cannot be opened again. (Kept in its journal with your name.)</source>
        <translation>为什么关闭 %1？关闭后不能再开启。（会与您的名字一起记入其日志。）</translation>
    </message>
    <message>
        <source>&amp;Freeze account…</source>
        <translation>冻结账户(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Unfreeze account…</source>
        <translation>解冻账户(&amp;U)…</translation>
    </message>
    <message>
        <source>&amp;Close account…</source>
        <translation>关闭账户(&amp;C)…</translation>
    </message>
    <message>
        <source>New &amp;transfer from it…</source>
        <translation>从此账户新建转账(&amp;T)…</translation>
    </message>
    <message>
        <source>Account %1 not changed</source>
        <translation>账户 %1 未更改</translation>
    </message>
    <message>
        <source>Account %1 is now %2</source>
        <translation>账户 %1 现在为 %2</translation>
    </message>
</context>
<context>
    <name>ledger::app::ActionPage</name>
    <message>
        <source>What to do</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <source> (recommended)</source>
        <translation>（推荐）</translation>
    </message>
    <message>
        <source>No repair applies to this transaction.</source>
        <translation>此交易不适用任何修复。</translation>
    </message>
</context>
<context>
    <name>ledger::app::ActionsPage</name>
    <message>
        <source>Filter by operator or document…</source>
        <translation>按操作员或文档筛选…</translation>
    </message>
    <message>
        <source>Which actions</source>
        <translation>操作类别</translation>
    </message>
    <message>
        <source>Repairs</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Account changes</source>
        <translation>账户变更</translation>
    </message>
    <message>
        <source>Transfers issued</source>
        <translation>已发起的转账</translation>
    </message>
    <message>
        <source>All actions</source>
        <translation>全部操作</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>操作员操作</translation>
    </message>
</context>
<context>
    <name>ledger::app::ApprovalTableModel</name>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>On</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>请求人</translation>
    </message>
    <message>
        <source>Asked</source>
        <translation>请求时间</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>决定人</translation>
    </message>
</context>
<context>
    <name>ledger::app::ApprovalsPage</name>
    <message>
        <source>&amp;Approve…</source>
        <translation>批准(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;ject…</source>
        <translation>驳回(&amp;J)…</translation>
    </message>
    <message>
        <source>Which requests</source>
        <translation>哪些请求</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待定</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Approval requests</source>
        <translation>审批请求</translation>
    </message>
    <message>
        <source>Approval request</source>
        <translation>审批请求</translation>
    </message>
    <message>
        <source>Cannot list approval requests: %1</source>
        <translation>无法列出审批请求：%1</translation>
    </message>
    <message>
        <source>the newest %1 requests</source>
        <translation>最新的 %1 个请求</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation><numerusform>%n 个请求</numerusform></translation>
    </message>
    <message>
        <source>Select a request to see it whole.</source>
        <translation>选择一个请求以查看其全部内容。</translation>
    </message>
    <message>
        <source>Select a request first</source>
        <translation>请先选择一个请求</translation>
    </message>
    <message>
        <source>Requests are decided through ledgerd, where the server vouches for who decides: connect to it (File › Connect)</source>
        <translation>请求须通过 ledgerd 决定，由服务器担保决定人的身份：请连接到它（文件 › 连接）</translation>
    </message>
    <message>
        <source>A decision is on its way</source>
        <translation>决定正在提交中</translation>
    </message>
    <message>
        <source>Already %1: only a pending request is decided</source>
        <translation>已是 %1：只有待定的请求才能决定</translation>
    </message>
    <message>
        <source>It expired at %1: it never runs; ask again if it is still needed</source>
        <translation>已于 %1 过期：它永远不会执行；如仍需要请重新请求</translation>
    </message>
    <message>
        <source>You asked for it: a second person decides it (four eyes)</source>
        <translation>这是你提出的请求：由第二人决定（四眼原则）</translation>
    </message>
    <message>
        <source>The service's approval rules have not been read yet</source>
        <translation>尚未读取服务的审批规则</translation>
    </message>
    <message>
        <source>Only the role approver may decide (yours is %1)</source>
        <translation>只有 approver 角色可以决定（你的角色是 %1）</translation>
    </message>
    <message>
        <source>Only an operator may decide (yours is %1)</source>
        <translation>只有操作员可以决定（你的角色是 %1）</translation>
    </message>
    <message>
        <source>Approving %1…</source>
        <translation>正在批准 %1…</translation>
    </message>
    <message>
        <source>Rejecting %1…</source>
        <translation>正在驳回 %1…</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 为 %2</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
</context>
<context>
    <name>ledger::app::AuditPage</name>
    <message>
        <source>&amp;Run audit</source>
        <translation>运行审计(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>The audit checks the six invariants of the ledger over every account, leg marker and transaction.</source>
        <translation>审计会针对每个账户、分录标记和交易检查账本的六条不变量。</translation>
    </message>
    <message>
        <source>Audit findings</source>
        <translation>审计发现</translation>
    </message>
    <message>
        <source>Run audit</source>
        <translation>运行审计</translation>
    </message>
    <message>
        <source>Auditing every account, leg marker and transaction…</source>
        <translation>正在审计每个账户、分录标记和交易…</translation>
    </message>
    <message>
        <source>Stopped before the end: no verdict.</source>
        <translation>在结束前已停止：没有结论。</translation>
    </message>
    <message>
        <source>%1 accounts, %2 transactions (%3 in flight), %4 leg markers; balances sum to %5</source>
        <translation>%1 个账户，%2 笔交易（%3 笔进行中），%4 个分录标记；余额合计 %5</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>This finding concerns the whole ledger.</source>
        <translation>此发现涉及整个账本。</translation>
    </message>
    <message>
        <source>Documents involved: </source>
        <translation>涉及的文档：</translation>
    </message>
    <message>
        <source>Documents involved</source>
        <translation>涉及的文档</translation>
    </message>
    <message numerus="yes">
        <source>every transaction counted whole: %1 as posted, %2 not posted yet by %n transaction(s) being finished: %3</source>
        <translation><numerusform>每笔交易完整计入：已过账 %1，%2 尚未过账，来自 %n 笔正在完成的交易：%3</numerusform></translation>
    </message>
    <message>
        <source>Invariants checked</source>
        <translation>检查的不变量</translation>
    </message>
    <message>
        <source>Conservation: the balances sum to zero, every transaction counted whole</source>
        <translation>守恒：余额合计为零（每笔交易完整计入）</translation>
    </message>
    <message>
        <source>Each account's pending amounts equal its held markers</source>
        <translation>每个账户的待处理金额等于其已预留标记之和</translation>
    </message>
    <message>
        <source>No account but @world below zero</source>
        <translation>除 @world 外没有账户低于零</translation>
    </message>
    <message>
        <source>Every transaction's markers agree with its state</source>
        <translation>每笔交易的标记与其状态一致</translation>
    </message>
    <message>
        <source>No hold is left on a finished or missing transaction</source>
        <translation>已结束或不存在的交易没有遗留预留</translation>
    </message>
    <message>
        <source>Compensations and originals link to each other, one per original</source>
        <translation>补偿与原交易互相链接，每笔原交易只有一笔补偿</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation><numerusform>%n 项发现</numerusform></translation>
    </message>
    <message>
        <source>The audit could not run:</source>
        <translation>审计无法运行：</translation>
    </message>
    <message>
        <source>Clean:</source>
        <translation>通过：</translation>
    </message>
    <message>
        <source>all six invariants hold. %1.</source>
        <translation>六条不变量全部成立。%1。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s).</source>
        <translation><numerusform>%n 项发现。</numerusform></translation>
    </message>
</context>
<context>
    <name>ledger::app::ConfirmPage</name>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>&amp;Repair</source>
        <translation>修复(&amp;R)</translation>
    </message>
    <message>
        <source>why — kept in the journal with your name</source>
        <translation>原因——会与您的名字一起记入日志</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>&lt;p&gt;You, &lt;b&gt;%1&lt;/b&gt;, are about to &lt;b&gt;%2&lt;/b&gt; %3.&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;</source>
        <translation>&lt;p&gt;您（&lt;b&gt;%1&lt;/b&gt;）即将对 %3 执行&lt;b&gt;%2&lt;/b&gt;。&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Reaso&amp;n</source>
        <translation>原因(&amp;N)</translation>
    </message>
</context>
<context>
    <name>ledger::app::ConnectDialog</name>
    <message>
        <source>Connect to a ledger service</source>
        <translation>连接到账本服务</translation>
    </message>
    <message>
        <source>the system's CAs</source>
        <translation>系统的 CA</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>The CA that signed the server's certificate</source>
        <translation>签发服务器证书的 CA</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt);;All files (*)</source>
        <translation>PEM 证书 (*.pem *.crt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Server URL:</source>
        <translation>服务器 URL(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;CA file:</source>
        <translation>CA 文件(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation>连接(&amp;O)</translation>
    </message>
    <message>
        <source>from --token-file, LEDGERDESK_TOKEN or the keyring when left empty</source>
        <translation>留空时取自 --token-file、LEDGERDESK_TOKEN 或密钥环</translation>
    </message>
    <message>
        <source>The console reads and writes through ledgerd, as the token's holder: the journal names you as the server knows you, and your role decides what you may do. The token is kept in your desktop's keyring, under the server's URL.</source>
        <translation>控制台以令牌持有者的身份通过 ledgerd 读写：日志按服务器所知的名字记录您，您的角色决定您能做什么。令牌以服务器的 URL 为键保存在桌面密钥环中。</translation>
    </message>
</context>
<context>
    <name>ledger::app::ConsoleActions</name>
    <message>
        <source>&amp;New store…</source>
        <translation>新建存储库(&amp;N)…</translation>
    </message>
    <message>
        <source>Create a new, empty store</source>
        <translation>创建一个新的空存储库</translation>
    </message>
    <message>
        <source>&amp;Open store…</source>
        <translation>打开存储库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open another store</source>
        <translation>打开另一个存储库</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit LedgerDesk</source>
        <translation>退出 LedgerDesk</translation>
    </message>
    <message>
        <source>New &amp;transfer…</source>
        <translation>新建转账(&amp;T)…</translation>
    </message>
    <message>
        <source>Move money between two accounts</source>
        <translation>在两个账户之间转移资金</translation>
    </message>
    <message>
        <source>&amp;Resume…</source>
        <translation>继续执行(&amp;R)…</translation>
    </message>
    <message>
        <source>Drive the selected transactions to their end</source>
        <translation>将所选交易推进到结束</translation>
    </message>
    <message>
        <source>&amp;Cancel transaction…</source>
        <translation>取消交易(&amp;C)…</translation>
    </message>
    <message>
        <source>Cancel the selected transactions</source>
        <translation>取消所选交易</translation>
    </message>
    <message>
        <source>Co&amp;mpensate…</source>
        <translation>补偿(&amp;M)…</translation>
    </message>
    <message>
        <source>Move the money of the selected transfers back</source>
        <translation>把所选转账的资金转回</translation>
    </message>
    <message>
        <source>&amp;Guided repair…</source>
        <translation>引导式修复(&amp;G)…</translation>
    </message>
    <message>
        <source>Walk through repairing the selected transaction</source>
        <translation>逐步引导修复所选交易</translation>
    </message>
    <message>
        <source>Recover all &amp;stuck…</source>
        <translation>恢复所有卡住的交易(&amp;S)…</translation>
    </message>
    <message>
        <source>Resume every stuck transaction</source>
        <translation>继续执行每一笔卡住的交易</translation>
    </message>
    <message>
        <source>Read the store again</source>
        <translation>重新读取存储库</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <source>Filter the current table</source>
        <translation>筛选当前表格</translation>
    </message>
    <message>
        <source>Run &amp;audit</source>
        <translation>运行审计(&amp;A)</translation>
    </message>
    <message>
        <source>Check the ledger's invariants</source>
        <translation>检查账本的不变量</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Your name and the stuck threshold</source>
        <translation>您的名字和卡住判定阈值</translation>
    </message>
    <message>
        <source>Export view as &amp;CSV…</source>
        <translation>将视图导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Save every row of the current table as CSV</source>
        <translation>将当前表格的所有行保存为 CSV</translation>
    </message>
    <message>
        <source>Export view as &amp;JSON…</source>
        <translation>将视图导出为 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Save every row of the current table as JSON</source>
        <translation>将当前表格的所有行保存为 JSON</translation>
    </message>
    <message>
        <source>&amp;Incident report…</source>
        <translation>事故报告(&amp;I)…</translation>
    </message>
    <message>
        <source>Save the selected transaction's document, legs, accounts, timeline and operator actions as PDF or HTML</source>
        <translation>将所选交易的文档、分录、账户、时间线和操作员操作保存为 PDF 或 HTML</translation>
    </message>
    <message>
        <source>&amp;About LedgerDesk</source>
        <translation>关于 LedgerDesk(&amp;A)</translation>
    </message>
    <message>
        <source>About LedgerDesk</source>
        <translation>关于 LedgerDesk</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Accounts</source>
        <translation>账户(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Transactions</source>
        <translation>交易(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Stuck</source>
        <translation>卡住的交易(&amp;S)</translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation>审计(&amp;U)</translation>
    </message>
    <message>
        <source>Operator a&amp;ctions</source>
        <translation>操作员操作(&amp;C)</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>显示%1</translation>
    </message>
    <message>
        <source>Open a store first</source>
        <translation>请先打开一个存储库</translation>
    </message>
    <message>
        <source>Select one or more transactions first</source>
        <translation>请先选择一笔或多笔交易</translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) have not loaded yet: the preview checks each before anything is done</source>
        <translation><numerusform>所选的 %n 行尚未加载：预览会在执行任何操作前逐一检查</numerusform></translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation>不可执行：%1</translation>
    </message>
    <message>
        <source>%1 of %2 selected can be repaired; the others are skipped (%3)</source>
        <translation>所选 %2 笔中有 %1 笔可以修复；其余将跳过（%3）</translation>
    </message>
    <message>
        <source>Select exactly one transaction</source>
        <translation>请只选择一笔交易</translation>
    </message>
    <message>
        <source>Open &amp;server store…</source>
        <translation>打开服务器存储(&amp;S)…</translation>
    </message>
    <message>
        <source>Open a store on a PostgreSQL server</source>
        <translation>打开 PostgreSQL 服务器上的存储</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Cop&amp;y ids</source>
        <translation>复制 ID(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy the selected transactions' ids</source>
        <translation>复制所选交易的 ID</translation>
    </message>
    <message>
        <source>C&amp;laim (I'm on it)</source>
        <translation>接手（我来处理）(&amp;L)</translation>
    </message>
    <message>
        <source>Tell every console on this store that you are on the selected transactions</source>
        <translation>告诉此存储库上的每个控制台：您正在处理所选交易</translation>
    </message>
    <message>
        <source>R&amp;elease claim</source>
        <translation>放弃接手(&amp;E)</translation>
    </message>
    <message>
        <source>Release the claim on the selected transactions</source>
        <translation>放弃对所选交易的接手</translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation>添加备注(&amp;N)…</translation>
    </message>
    <message>
        <source>Add a note to the selected transaction's journal, with your name</source>
        <translation>在所选交易的日志中添加一条署名备注</translation>
    </message>
    <message>
        <source>Select a transaction that has not finished</source>
        <translation>请选择一笔尚未结束的交易</translation>
    </message>
    <message>
        <source>None of the selected transactions is claimed</source>
        <translation>所选交易都没有人接手</translation>
    </message>
    <message>
        <source>New &amp;account…</source>
        <translation>新建账户(&amp;A)…</translation>
    </message>
    <message>
        <source>Open an account, with an opening balance from @world if you give one</source>
        <translation>开立一个账户；如填写期初余额，则从 @world 转入</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>复制为 JSON(&amp;J)</translation>
    </message>
    <message>
        <source>Copy the selected rows' documents as JSON, as ledgerctl --json prints them</source>
        <translation>把所选行的文档复制为 JSON，与 ledgerctl --json 的输出相同</translation>
    </message>
    <message>
        <source>Open in new &amp;window</source>
        <translation>在新窗口中打开(&amp;W)</translation>
    </message>
    <message>
        <source>Show the current row's document in a window of its own, kept current</source>
        <translation>在单独的窗口中显示当前行的文档，并保持最新</translation>
    </message>
    <message>
        <source>Show times in UTC as the store and ledgerctl write them, instead of your local time</source>
        <translation>按存储库和 ledgerctl 的写法以 UTC 显示时间，而不是本地时间</translation>
    </message>
    <message>
        <source>Times i&amp;n UTC</source>
        <translation>以 UTC 显示时间(&amp;N)</translation>
    </message>
    <message>
        <source>Work through ledgerd, signed in with your token, instead of opening a store</source>
        <translation>用您的令牌登录，通过 ledgerd 工作，而不是打开存储库</translation>
    </message>
    <message>
        <source>Your token may only read (role %1)</source>
        <translation>您的令牌只能读取（角色 %1）</translation>
    </message>
    <message>
        <source>Your token's role (%1) may not do this: it needs the role %2</source>
        <translation>您的令牌角色（%1）不能执行此操作：需要角色 %2</translation>
    </message>
    <message>
        <source>Connect to a &amp;ledger service…</source>
        <translation>连接到账本服务(&amp;L)…</translation>
    </message>
    <message>
        <source>Awaiting a&amp;pproval</source>
        <translation>待审批(&amp;P)</translation>
    </message>
</context>
<context>
    <name>ledger::app::ConsoleBench</name>
    <message>
        <source>%1 did not finish within %2 s</source>
        <translation>%1 未在 %2 秒内完成</translation>
    </message>
</context>
<context>
    <name>ledger::app::Dashboard</name>
    <message>
        <source>Transactions per state</source>
        <translation>各状态的交易数</translation>
    </message>
    <message>
        <source>Age of unfinished transactions</source>
        <translation>未完成交易的时长</translation>
    </message>
    <message>
        <source>Transactions created per minute, last hour</source>
        <translation>最近一小时每分钟创建的交易</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>%1 (≈)</source>
        <translation>%1（≈）</translation>
    </message>
    <message>
        <source>%1 compensations</source>
        <translation>%1 笔补偿</translation>
    </message>
    <message>
        <source>compensations not counted</source>
        <translation>补偿未计数</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; transactions over &lt;b&gt;%2&lt;/b&gt; accounts · &lt;b&gt;%3&lt;/b&gt; unfinished · &lt;b style='color:%4'&gt;%5 stuck&lt;/b&gt; · %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 笔交易，&lt;b&gt;%2&lt;/b&gt; 个账户 · &lt;b&gt;%3&lt;/b&gt; 笔未完成 · &lt;b style='color:%4'&gt;%5 笔卡住&lt;/b&gt; · %6</translation>
    </message>
    <message>
        <source>%1 min</source>
        <comment>the per-minute chart's axis: minutes before now</comment>
        <translation>%1 分钟</translation>
    </message>
</context>
<context>
    <name>ledger::app::DecisionDialog</name>
    <message>
        <source>Approve %1</source>
        <translation>批准 %1</translation>
    </message>
    <message>
        <source>Reject %1</source>
        <translation>驳回 %1</translation>
    </message>
    <message>
        <source>%1 asked to &lt;b&gt;%2&lt;/b&gt; %3 (%4).</source>
        <translation>%1 请求&lt;b&gt;%2&lt;/b&gt; %3（%4）。</translation>
    </message>
    <message>
        <source>Approving runs it now, once, under both your names.</source>
        <translation>批准后立即执行一次，日志中记下你们两人的名字。</translation>
    </message>
    <message>
        <source>Rejecting means it never runs; %1 reads your reason.</source>
        <translation>驳回后它永远不会执行；%1 会看到你的原因。</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>optional — kept in the journal with your name</source>
        <translation>可选——与你的名字一起记入日志</translation>
    </message>
    <message>
        <source>required — the requester reads it</source>
        <translation>必填——请求人会看到它</translation>
    </message>
    <message>
        <source>Reaso&amp;n</source>
        <translation>原因(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>批准(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>驳回(&amp;R)</translation>
    </message>
    <message>
        <source>A rejection needs a reason: the requester reads it.</source>
        <translation>驳回需要原因：请求人会看到它。</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>ledger::app::DetailPanel</name>
    <message>
        <source>Transaction detail</source>
        <translation>交易详情</translation>
    </message>
    <message>
        <source>Select a transaction to see its document, legs and timeline.</source>
        <translation>选择一笔交易以查看其文档、分录和时间线。</translation>
    </message>
</context>
<context>
    <name>ledger::app::DiagnosisPage</name>
    <message>
        <source>What is wrong</source>
        <translation>问题所在</translation>
    </message>
    <message>
        <source>Diagnosis of %1</source>
        <translation>%1 的诊断</translation>
    </message>
    <message>
        <source>Looking at the transaction…</source>
        <translation>正在查看交易…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot diagnose:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;无法诊断：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;It is not stuck (yet).&lt;/b&gt;</source>
        <translation>&lt;b&gt;它（暂时）没有卡住。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>It is stuck.</source>
        <translation>它卡住了。</translation>
    </message>
    <message>
        <source>It is finished.</source>
        <translation>它已结束。</translation>
    </message>
    <message>
        <source>%1 claimed it %2 ago%3: speak to them before you repair it.</source>
        <translation>%1 在 %2前接手了它%3：修复前请先与其沟通。</translation>
    </message>
</context>
<context>
    <name>ledger::app::DocumentPanel</name>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
</context>
<context>
    <name>ledger::app::ExportController</name>
    <message>
        <source>Another export is still running; wait for it or stop it first.</source>
        <translation>另一项导出仍在进行；请等待其完成或先停止它。</translation>
    </message>
    <message>
        <source>%1: the file name must end in .csv or .json</source>
        <translation>%1：文件名必须以 .csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>%1: the file name must end in .pdf or .html</source>
        <translation>%1：文件名必须以 .pdf 或 .html 结尾</translation>
    </message>
    <message>
        <source>Incident report %1</source>
        <translation>事故报告 %1</translation>
    </message>
</context>
<context>
    <name>ledger::app::FindingsModel</name>
    <message>
        <source>Invariant</source>
        <translation>不变量</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>问题所在</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
</context>
<context>
    <name>ledger::app::JournalModel</name>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>Did</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Why / detail</source>
        <translation>原因 / 详情</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>处理进程 %1</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>Acted on</source>
        <translation>操作对象</translation>
    </message>
</context>
<context>
    <name>ledger::app::LegsEditor</name>
    <message>
        <source>Add &amp;leg</source>
        <translation>添加分录(&amp;L)</translation>
    </message>
    <message>
        <source>Another account in the same transaction: every leg moves, or none</source>
        <translation>同一笔交易中的另一个账户：要么所有分录都移动，要么都不移动</translation>
    </message>
    <message>
        <source>Side of leg %1</source>
        <translation>分录 %1 的方向</translation>
    </message>
    <message>
        <source>account id</source>
        <translation>账户 ID</translation>
    </message>
    <message>
        <source>Account of leg %1</source>
        <translation>分录 %1 的账户</translation>
    </message>
    <message>
        <source>Amount of leg %1</source>
        <translation>分录 %1 的金额</translation>
    </message>
    <message>
        <source>Remove this leg</source>
        <translation>删除此分录</translation>
    </message>
    <message>
        <source>Remove leg %1</source>
        <translation>删除分录 %1</translation>
    </message>
    <message>
        <source>debits %1, credits %2</source>
        <translation>借记 %1，贷记 %2</translation>
    </message>
    <message>
        <source>A transaction has at most %1 legs</source>
        <translation>一笔交易最多有 %1 个分录</translation>
    </message>
</context>
<context>
    <name>ledger::app::MainWindow</name>
    <message>
        <source>LedgerDesk</source>
        <translation>LedgerDesk</translation>
    </message>
    <message>
        <source>Navigator</source>
        <translation>导航栏</translation>
    </message>
    <message>
        <source>no store open</source>
        <translation>未打开存储库</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Transactions</source>
        <translation>交易(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>工具(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>About LedgerDesk</source>
        <translation>关于 LedgerDesk</translation>
    </message>
    <message>
        <source>New store</source>
        <translation>新建存储库</translation>
    </message>
    <message>
        <source>Open store</source>
        <translation>打开存储库</translation>
    </message>
    <message>
        <source>Another store</source>
        <translation>另一个存储库</translation>
    </message>
    <message>
        <source>Close the open dialogs first: they work on the store that is open now.</source>
        <translation>请先关闭已打开的对话框：它们正在操作当前打开的存储库。</translation>
    </message>
    <message>
        <source>Cannot open the store</source>
        <translation>无法打开存储库</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Preparing %1…</source>
        <translation>正在准备 %1…</translation>
    </message>
    <message>
        <source>

To start a new ledger, use File › New store.</source>
        <translation>

要开始一个新账本，请使用“文件 › 新建存储库”。</translation>
    </message>
    <message>
        <source>changed %1</source>
        <translation>修改于 %1</translation>
    </message>
    <message>
        <source>live updates paused</source>
        <translation>实时更新已暂停</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>%1 — LedgerDesk</source>
        <translation>%1 — LedgerDesk</translation>
    </message>
    <message>
        <source>Every write is synced to disk before the next one (synchronous=FULL).</source>
        <translation>每次写入都会在下一次写入前同步到磁盘（synchronous=FULL）。</translation>
    </message>
    <message>
        <source>Writes survive a crash of any program; a power cut may undo the last few, as if they had not happened yet (synchronous=NORMAL).</source>
        <translation>写入可以经受任何程序崩溃；断电可能撤销最后几次写入，如同它们尚未发生（synchronous=NORMAL）。</translation>
    </message>
    <message>
        <source>Created %1 with demo data</source>
        <translation>已创建 %1 并填入演示数据</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Too many rows</source>
        <translation>行数过多</translation>
    </message>
    <message>
        <source>Select at most %1 transactions for one repair, or use Recover all stuck.</source>
        <translation>一次修复最多选择 %1 笔交易，或使用“恢复所有卡住的交易”。</translation>
    </message>
    <message>
        <source>Reading the selected transactions…</source>
        <translation>正在读取所选交易…</translation>
    </message>
    <message>
        <source>Cannot read the selection</source>
        <translation>无法读取所选内容</translation>
    </message>
    <message numerus="yes">
        <source>working: %n job(s)</source>
        <translation><numerusform>工作中：%n 个任务</numerusform></translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 为 %2</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Exporting… %1 rows so far</source>
        <translation>正在导出… 已写入 %1 行</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n row(s))</source>
        <translation><numerusform>已写入 %1（%n 行）</numerusform></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Nothing was written to %1.</source>
        <translation>没有写入 %1。</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Web pages (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
    <message>
        <source>Save incident report</source>
        <translation>保存事故报告</translation>
    </message>
    <message>
        <source>Open server store</source>
        <translation>打开服务器存储</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>正在重新连接…</translation>
    </message>
    <message>
        <source>%1  ·  %2 shards  ·  %3</source>
        <translation>%1  ·  %2 个分片  ·  %3</translation>
    </message>
    <message>
        <source>%1  ·  %2</source>
        <translation>%1  ·  %2</translation>
    </message>
    <message>
        <source>New sharded store</source>
        <translation>新建分片存储库</translation>
    </message>
    <message>
        <source>%1 will be the topology file of a sharded store, with its shard files beside it;
every shard writes synchronous=FULL. How many shards? (It cannot change later.)</source>
        <translation>%1 将成为分片存储库的拓扑文件，分片文件放在它旁边；
每个分片都以 synchronous=FULL 写入。要多少个分片？（之后不能更改。）</translation>
    </message>
    <message>
        <source>%1

Nothing more is written through this window until the store is opened again.</source>
        <translation>%1

在重新打开存储库之前，此窗口不会再写入任何内容。</translation>
    </message>
    <message>
        <source>&amp;Reopen the store</source>
        <translation>重新打开存储库(&amp;R)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;LedgerDesk %1&lt;/h3&gt;&lt;p&gt;The operator console of a two-phase-commit ledger: see every account and transaction by state, issue transfers, find what is stuck and repair it safely.&lt;/p&gt;&lt;p&gt;Embedded store: %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;LedgerDesk %1&lt;/h3&gt;&lt;p&gt;两阶段提交账本的运维控制台：按状态查看每个账户和每笔交易，发起转账，找出卡住的交易并安全地修复。&lt;/p&gt;&lt;p&gt;内嵌存储库：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>  ·  POSIX locks</source>
        <translation>  ·  POSIX 锁</translation>
    </message>
    <message>
        <source>The store must be opened again</source>
        <translation>必须重新打开存储库</translation>
    </message>
    <message>
        <source>The password in the connection string is used for this session only and is not saved; put it in ~/.pgpass to reopen this store from the recent list.</source>
        <translation>连接串中的密码只用于本次会话，不会保存；请放入 ~/.pgpass，以便从最近列表重新打开此存储库。</translation>
    </message>
    <message>
        <source>Failover: the store now answers from %1 (was %2); writes in flight are read back there, never made twice</source>
        <translation>故障切换：存储库现在由 %1 应答（之前是 %2）；进行中的写入会在那里读回确认，绝不重复执行</translation>
    </message>
    <message>
        <source>Account %1 is open</source>
        <translation>账户 %1 已开立</translation>
    </message>
    <message>
        <source>LedgerDesk stores (*.db);;Sharded store topologies (*.json);;All files (*)</source>
        <translation>LedgerDesk 存储库 (*.db);;分片存储库拓扑文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n document(s) as JSON; %1 selected rows not loaded yet were left out</source>
        <translation><numerusform>已将 %n 个文档复制为 JSON；%1 个尚未加载的选中行未包含</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied %n document(s) as JSON</source>
        <translation><numerusform>已将 %n 个文档复制为 JSON</numerusform></translation>
    </message>
    <message>
        <source>PostgreSQL connection string in libpq's terms, for example
postgresql://alice@db1.example.com,db2.example.com/ledger?target_session_attrs=read-write
host=/run/postgresql dbname=ledger sslmode=verify-full
service=ledger (from pg_service.conf)

Keep the password in ~/.pgpass (or the file $PGPASSFILE names): LedgerDesk never saves one.
Or tables on DynamoDB: dynamodb://eu-west-1/ledger (credentials as the AWS CLI finds them).
A database that holds no store yet is refused; create one with 'ledgerctl init --store URI'.</source>
        <translation>libpq 格式的 PostgreSQL 连接串，例如
postgresql://alice@db1.example.com,db2.example.com/ledger?target_session_attrs=read-write
host=/run/postgresql dbname=ledger sslmode=verify-full
service=ledger（来自 pg_service.conf）

请把密码放在 ~/.pgpass（或 $PGPASSFILE 指定的文件）中：LedgerDesk 从不保存密码。
或者 DynamoDB 上的表：dynamodb://eu-west-1/ledger（凭证按 AWS CLI 的方式查找）。
尚无存储库的数据库会被拒绝；请用 'ledgerctl init --store URI' 创建。</translation>
    </message>
    <message>
        <source>%1 is not a PostgreSQL connection string: it must start with postgresql:// or be key=value pairs such as host=... dbname=... (or dynamodb://REGION/PREFIX for DynamoDB)</source>
        <translation>%1 不是 PostgreSQL 连接串：必须以 postgresql:// 开头，或是 host=... dbname=... 这样的 key=value 对（DynamoDB 则用 dynamodb://REGION/PREFIX）</translation>
    </message>
    <message>
        <source>%1  ·  DynamoDB</source>
        <translation>%1  ·  DynamoDB</translation>
    </message>
    <message>
        <source>DynamoDB acknowledges a write once it is stored durably. Nothing announces a change: the console looks for changes made elsewhere once a second.</source>
        <translation>DynamoDB 在写入被持久保存后才确认。没有任何变更通知：控制台每秒查看一次其他地方所做的变更。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The selection changed while it was read: nothing was done. Choose again.</source>
        <translation>读取期间所选内容已改变：未执行任何操作。请重新选择。</translation>
    </message>
    <message>
        <source>Copy as JSON: no row is selected.</source>
        <translation>复制为 JSON：未选择任何行。</translation>
    </message>
    <message>
        <source>Open in new window: no row is selected.</source>
        <translation>在新窗口中打开：未选择任何行。</translation>
    </message>
    <message>
        <source>Cannot connect to the ledger service</source>
        <translation>无法连接到账本服务</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>signed in as %1 (%2) at %3</source>
        <translation>已以 %1（%2）登录 %3</translation>
    </message>
    <message>
        <source>Signed in as %1, role %2: the server vouches for the name and writes it into the journal
Server: %3
Token from: %4</source>
        <translation>已以 %1 登录，角色 %2：服务器担保此名字并将其写入日志
服务器：%3
令牌来源：%4</translation>
    </message>
    <message>
        <source>Signed in to %1 as %2: the journal names you so; your settings' name (%3) is not used here</source>
        <translation>已以 %2 登录 %1：日志以此名字记录您；设置中的名字（%3）在此不使用</translation>
    </message>
    <message>
        <source>cannot reach the ledger service</source>
        <translation>无法连接账本服务</translation>
    </message>
    <message>
        <source>Cannot reach the ledger service at %1; trying again</source>
        <translation>无法连接 %1 上的账本服务；正在重试</translation>
    </message>
    <message>
        <source>token refused</source>
        <translation>令牌被拒绝</translation>
    </message>
    <message>
        <source>The token was refused</source>
        <translation>令牌被拒绝</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>%1  —  ledger service</source>
        <translation>%1  —  账本服务</translation>
    </message>
    <message>
        <source>Reading your token for %1 from the desktop's keyring…</source>
        <translation>正在从桌面密钥环读取 %1 的令牌…</translation>
    </message>
    <message>
        <source>The desktop's keyring cannot keep your token (%1): it is kept for this run only, and asked again next time</source>
        <translation>桌面密钥环无法保存您的令牌（%1）：令牌只在本次运行中保留，下次会再次询问</translation>
    </message>
</context>
<context>
    <name>ledger::app::NavigatorModel</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住的交易</translation>
    </message>
    <message>
        <source>Compensations</source>
        <translation>补偿</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>操作员操作</translation>
    </message>
    <message>
        <source>Not counted: this store would have to read its whole table to count them. The list shows them as it reads them.</source>
        <translation>未计数：此存储库要读取整张表才能计数。列表在读取时逐步显示它们。</translation>
    </message>
    <message>
        <source>Awaiting approval</source>
        <translation>待审批</translation>
    </message>
</context>
<context>
    <name>ledger::app::NewAccountDialog</name>
    <message>
        <source>New account</source>
        <translation>新建账户</translation>
    </message>
    <message>
        <source>letters, digits, . _ - (it never changes)</source>
        <translation>字母、数字、. _ -（不可更改）</translation>
    </message>
    <message>
        <source>Account id</source>
        <translation>账户 ID</translation>
    </message>
    <message>
        <source>what operators read, e.g. Acme Corporation</source>
        <translation>操作员看到的名称，例如 Acme Corporation</translation>
    </message>
    <message>
        <source>Account name</source>
        <translation>账户名称</translation>
    </message>
    <message>
        <source>Opening balance</source>
        <translation>期初余额</translation>
    </message>
    <message>
        <source>Moved in from @world by a transfer of its own; 0 or empty: none</source>
        <translation>通过一笔单独的转账从 @world 转入；0 或留空：无</translation>
    </message>
    <message>
        <source>&amp;Id</source>
        <translation>ID(&amp;I)</translation>
    </message>
    <message>
        <source>N&amp;ame</source>
        <translation>名称(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Opening balance</source>
        <translation>期初余额(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>创建(&amp;C)</translation>
    </message>
</context>
<context>
    <name>ledger::app::NoteDialog</name>
    <message>
        <source>Add note</source>
        <translation>添加备注</translation>
    </message>
    <message>
        <source>Note on %1 (one line, kept in its journal with your name):</source>
        <translation>关于 %1 的备注（一行，会与您的名字一起记入其日志）：</translation>
    </message>
    <message>
        <source>Note text</source>
        <translation>备注内容</translation>
    </message>
    <message>
        <source>Characters in the note, and how many a note may have</source>
        <translation>备注的字符数，以及备注最多可有的字符数</translation>
    </message>
    <message>
        <source>&amp;Add note</source>
        <translation>添加备注(&amp;A)</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>ledger::app::PreviewPage</name>
    <message>
        <source>What will change</source>
        <translation>将发生的变化</translation>
    </message>
    <message>
        <source>Preparing the preview…</source>
        <translation>正在准备预览…</translation>
    </message>
</context>
<context>
    <name>ledger::app::RecoverDialog</name>
    <message>
        <source>Recover all stuck transactions</source>
        <translation>恢复所有卡住的交易</translation>
    </message>
    <message>
        <source>Takes over every unfinished transaction whose lease expired or that has been idle for more than &lt;b&gt;%1&lt;/b&gt;, and drives each to done (or canceled, if a hold is refused). Safe beside live workers: whatever someone else moves first is left to them.</source>
        <translation>接管每一笔租约已过期或空闲超过 &lt;b&gt;%1&lt;/b&gt; 的未完成交易，并推进到已完成（若预留被拒绝则为已取消）。与正在运行的处理进程并行也是安全的：他人先处理的交易留给他们。</translation>
    </message>
    <message>
        <source>why — kept in the journal with your name</source>
        <translation>原因——会与您的名字一起记入日志</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Recovery progress</source>
        <translation>恢复进度</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Owner / lease</source>
        <translation>处理者 / 租约</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Recovery results</source>
        <translation>恢复结果</translation>
    </message>
    <message>
        <source>&amp;Recover</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>never claimed</source>
        <translation>从未被认领</translation>
    </message>
    <message>
        <source>%1, lease expired %2 ago</source>
        <translation>%1，租约已于 %2前过期</translation>
    </message>
    <message>
        <source>%1, lease running</source>
        <translation>%1，租约有效</translation>
    </message>
    <message>
        <source>Nothing is stuck.</source>
        <translation>没有卡住的交易。</translation>
    </message>
    <message>
        <source> (the %1 idle longest are listed)</source>
        <translation>（列出空闲最久的 %1 笔）</translation>
    </message>
    <message>
        <source>Was</source>
        <translation>原状态</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Nothing was stuck.</source>
        <translation>没有卡住的交易。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; stuck: &lt;b&gt;%2&lt;/b&gt; done, &lt;b&gt;%3&lt;/b&gt; canceled, &lt;b&gt;%4&lt;/b&gt; moved by someone else, &lt;b&gt;%5&lt;/b&gt; failed.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 笔卡住：&lt;b&gt;%2&lt;/b&gt; 笔已完成，&lt;b&gt;%3&lt;/b&gt; 笔已取消，&lt;b&gt;%4&lt;/b&gt; 笔已被他人处理，&lt;b&gt;%5&lt;/b&gt; 笔失败。</translation>
    </message>
    <message>
        <source> Stopped: %1 not started.</source>
        <translation> 已停止：%1 笔未开始。</translation>
    </message>
    <message>
        <source>Reaso&amp;n</source>
        <translation>原因(&amp;N)</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Should end</source>
        <translation>应当结束于</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Accounts the recovery changes</source>
        <translation>恢复会改变的账户</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>Recover &amp;anyway: I have spoken to them</source>
        <translation>仍然恢复：我已与对方沟通(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot list what is stuck:</source>
        <translation>无法列出卡住的交易：</translation>
    </message>
    <message>
        <source>Recovery could not run:</source>
        <translation>恢复无法运行：</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; transaction(s) are stuck%1. Recovery takes each over and drives it to done (or canceled, if a hold is refused); whatever someone else moves first is left to them.</source>
        <translation><numerusform>&lt;b&gt;%Ln&lt;/b&gt; 笔交易卡住%1。恢复会逐一接管并推进到已完成（若预留被拒绝则为已取消）；他人先处理的交易留给他们。</numerusform></translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>已过账</translation>
    </message>
</context>
<context>
    <name>ledger::app::RemoteFeed</name>
    <message>
        <source>The ledger service's change feed was cut (%1); trying again</source>
        <translation>账本服务的变更流已中断（%1）；正在重试</translation>
    </message>
</context>
<context>
    <name>ledger::app::RepairDialog</name>
    <message numerus="yes">
        <source>%1 %n transaction(s)</source>
        <translation><numerusform>%1 %n 笔交易</numerusform></translation>
    </message>
    <message>
        <source>drives each to done, or to canceled if a hold is refused</source>
        <translation>将每一笔推进到已完成，若预留被拒绝则为已取消</translation>
    </message>
    <message>
        <source>releases every hold; no money moves</source>
        <translation>释放所有预留；资金不发生移动</translation>
    </message>
    <message>
        <source>moves the money of each back in a new compensation transfer</source>
        <translation>通过一笔新的补偿转账把每笔资金转回</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2. Check the preview, give a reason, then repair.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2。请查看预览，填写原因，然后修复。</translation>
    </message>
    <message>
        <source>&amp;Repair</source>
        <translation>修复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>A reason is required: it goes into the journal with your name (%1).</source>
        <translation>必须填写原因：它会与您的名字（%1）一起记入日志。</translation>
    </message>
    <message>
        <source>Checking that nothing changed since the preview…</source>
        <translation>正在确认自预览以来没有变化…</translation>
    </message>
    <message>
        <source>&lt;b&gt;The store changed since the preview.&lt;/b&gt; Check the new preview, then press Repair again.</source>
        <translation>&lt;b&gt;自预览以来存储库已变化。&lt;/b&gt;请查看新的预览，然后再次点击“修复”。</translation>
    </message>
    <message numerus="yes">
        <source>Repairing %n transaction(s)…</source>
        <translation><numerusform>正在修复 %n 笔交易…</numerusform></translation>
    </message>
    <message>
        <source>Repaired %1 of %2…</source>
        <translation>已修复 %1 / %2…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; repaired, &lt;b&gt;%2&lt;/b&gt; refused or failed.</source>
        <translation>已修复 &lt;b&gt;%1&lt;/b&gt; 笔，&lt;b&gt;%2&lt;/b&gt; 笔被拒绝或失败。</translation>
    </message>
    <message>
        <source> Stopped before the rest: %1 not started.</source>
        <translation> 已在其余操作前停止：%1 笔未开始。</translation>
    </message>
    <message>
        <source>Stopping after the current transaction…</source>
        <translation>将在当前交易完成后停止…</translation>
    </message>
    <message numerus="yes">
        <source>Nothing to repair: the %n selected transaction(s) would be skipped, each for the reason shown above. No reason is needed.</source>
        <translation><numerusform>没有需要修复的：所选的 %n 笔交易都会被跳过，原因见上方各行。无需填写原因。</numerusform></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a compensation's id, then its state</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source> An account is frozen: unfreeze it in Accounts (its row menu, with a reason), then repair again.</source>
        <translation> 有账户被冻结：请在“账户”中解冻它（行菜单，需填写原因），然后再次修复。</translation>
    </message>
    <message>
        <source>Someone else claimed some of these: tick “Repair anyway” once you have spoken to them.</source>
        <translation>其中一些已由他人接手：与对方沟通后，请勾选“仍然修复”。</translation>
    </message>
    <message>
        <source>The repairs could not start:</source>
        <translation>修复无法开始：</translation>
    </message>
    <message>
        <source>Frozen: %1.</source>
        <translation>已冻结：%1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Someone claimed one of these since the preview.&lt;/b&gt; Check who, then tick Repair anyway again.</source>
        <translation>&lt;b&gt;预览之后有人接手了其中一笔。&lt;/b&gt;请查看是谁，然后再次勾选“仍然修复”。</translation>
    </message>
    <message>
        <source>may or may not have been applied: the ledger service did not answer; read back once it answers</source>
        <translation>可能已执行，也可能未执行：账本服务没有应答；待其应答后读回确认</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; repaired, &lt;b&gt;%2&lt;/b&gt; refused or failed, &lt;b&gt;%3&lt;/b&gt; may or may not have been applied: the ledger service did not answer; they are read back once it answers.</source>
        <translation>已修复 &lt;b&gt;%1&lt;/b&gt; 笔，&lt;b&gt;%2&lt;/b&gt; 笔被拒绝或失败，&lt;b&gt;%3&lt;/b&gt; 笔可能已执行也可能未执行：账本服务没有应答；待其应答后读回确认。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; repaired, &lt;b&gt;%2&lt;/b&gt; refused or failed, &lt;b&gt;%3&lt;/b&gt; not repaired: the ledger service stopped during the repairs (read back once it answered again); repair them again.</source>
        <translation>已修复 &lt;b&gt;%1&lt;/b&gt; 笔，&lt;b&gt;%2&lt;/b&gt; 笔被拒绝或失败，&lt;b&gt;%3&lt;/b&gt; 笔未修复：账本服务在修复过程中停止（已在其重新应答后读回确认）；请重新修复它们。</translation>
    </message>
    <message>
        <source>found so once the ledger service answered again</source>
        <translation>账本服务重新应答后读回确认</translation>
    </message>
    <message>
        <source>not repaired: found %1 once the ledger service answered again</source>
        <translation>未修复：账本服务重新应答后读回为 %1</translation>
    </message>
    <message>
        <source> The ledger service still does not answer: asked again every few seconds.</source>
        <translation> 账本服务仍未应答：每隔几秒再次询问。</translation>
    </message>
    <message>
        <source> Reading them back failed (%1): open each to see what became of it.</source>
        <translation> 读回失败（%1）：请逐一打开查看其结果。</translation>
    </message>
    <message>
        <source>Held back for a second person's approval: %1 of these %2 (rule: %3)</source>
        <translation>需等待第二人审批：这 %2 笔中的 %1 笔（规则：%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n not read yet: whether each waits for approval is said once repaired</source>
        <translation><numerusform>%n 笔尚未读取：每笔是否需要审批，修复时会说明</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n held back for a second person's approval: another person decides under Awaiting approval.</source>
        <translation><numerusform>%n 笔需等待第二人审批：由另一人在“待审批”中决定。</numerusform></translation>
    </message>
</context>
<context>
    <name>ledger::app::RepairPreview</name>
    <message>
        <source>Transactions</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Will</source>
        <translation>将会</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Transactions in the repair</source>
        <translation>修复涉及的交易</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Pending debits</source>
        <translation>待处理借记</translation>
    </message>
    <message>
        <source>Pending credits</source>
        <translation>待处理贷记</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Accounts the repair changes</source>
        <translation>修复会改变的账户</translation>
    </message>
    <message>
        <source>Preparing the preview…</source>
        <translation>正在准备预览…</translation>
    </message>
    <message>
        <source>The preview could not be made: %1</source>
        <translation>无法生成预览：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; will be repaired, &lt;b&gt;%2&lt;/b&gt; skipped. Nothing has been changed yet.</source>
        <translation>将修复 &lt;b&gt;%1&lt;/b&gt; 笔，跳过 &lt;b&gt;%2&lt;/b&gt; 笔。目前尚未做任何更改。</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>→ %1 %2</source>
        <comment>a compensation's id, then the state it should end in</comment>
        <translation>→ %1 %2</translation>
    </message>
    <message>
        <source>%1 claimed %2 %3 ago%4</source>
        <translation>%1 在 %3前接手了 %2%4</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation><numerusform>另有 %n 笔</numerusform></translation>
    </message>
    <message>
        <source>Someone else is on this.</source>
        <translation>已有他人在处理。</translation>
    </message>
    <message>
        <source>Accounts: posted balance, pending and available, before → after</source>
        <translation>账户：已过账余额、待处理金额和可用金额，之前 → 之后</translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>已过账</translation>
    </message>
    <message>
        <source>No account changes: nothing is held for these transactions, so no money moves; only their state does.</source>
        <translation>账户没有变化：这些交易没有预留任何金额，因此没有资金移动，只有其状态改变。</translation>
    </message>
    <message>
        <source>No account changes: nothing will be repaired.</source>
        <translation>账户没有变化：没有要修复的交易。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; were to be repaired, &lt;b&gt;%1&lt;/b&gt; skipped: the Result column says how each ended.</source>
        <translation><numerusform>计划修复 &lt;b&gt;%n&lt;/b&gt; 笔，跳过 &lt;b&gt;%1&lt;/b&gt; 笔：“结果”一列说明了每笔的结局。</numerusform></translation>
    </message>
    <message>
        <source> (“%1”)</source>
        <comment>what a claim said, after who claimed what</comment>
        <translation>（“%1”）</translation>
    </message>
</context>
<context>
    <name>ledger::app::RepairWizard</name>
    <message>
        <source>Guided repair of %1</source>
        <translation>%1 的引导式修复</translation>
    </message>
</context>
<context>
    <name>ledger::app::ResultPage</name>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Repairing…</source>
        <translation>正在修复…</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>The repair could not run:</source>
        <translation>修复无法运行：</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>%1 is now &lt;b&gt;%2&lt;/b&gt;.%3</source>
        <translation>%1 现在为 &lt;b&gt;%2&lt;/b&gt;。%3</translation>
    </message>
    <message>
        <source>Verified:</source>
        <translation>已核实：</translation>
    </message>
    <message>
        <source>Not finished:</source>
        <translation>未完成：</translation>
    </message>
    <message>
        <source>Not finished.</source>
        <translation>未完成。</translation>
    </message>
</context>
<context>
    <name>ledger::app::ScreenshotTour</name>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>no stuck transaction to preview</source>
        <translation>没有可预览的卡住交易</translation>
    </message>
    <message>
        <source>worker crashed overnight</source>
        <translation>处理进程在夜间崩溃</translation>
    </message>
    <message>
        <source>saved %1 in %2</source>
        <translation>已将 %1 保存到 %2</translation>
    </message>
    <message>
        <source>the window did not settle within %1 s</source>
        <translation>窗口未在 %1 秒内稳定</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>; nothing is stuck, so there is no repair preview</source>
        <translation>；没有卡住的交易，因此没有修复预览</translation>
    </message>
</context>
<context>
    <name>ledger::app::SettingsDialog</name>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>operator name</source>
        <translation>操作员姓名</translation>
    </message>
</context>
<context>
    <name>ledger::app::StuckCauseBar</name>
    <message>
        <source>Ca&amp;use:</source>
        <translation>原因(&amp;U)：</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>What is stuck, grouped by the state it stopped in and its last error</source>
        <translation>卡住的交易，按停止时的状态和最后错误分组</translation>
    </message>
    <message>
        <source>Repair the &amp;group…</source>
        <translation>修复该组(&amp;G)…</translation>
    </message>
    <message>
        <source>Resume or cancel every transaction of the group shown, with a preview first</source>
        <translation>继续执行或取消所显示组中的每笔交易，先预览</translation>
    </message>
    <message>
        <source>&amp;Resume them…</source>
        <translation>全部继续执行(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Cancel them…</source>
        <translation>全部取消(&amp;C)…</translation>
    </message>
    <message>
        <source>no error (its worker stopped)</source>
        <translation>无错误（其处理进程已停止）</translation>
    </message>
    <message>
        <source>every cause (%1)</source>
        <translation>所有原因（%1）</translation>
    </message>
    <message>
        <source>every cause (%1 read, more stuck)</source>
        <translation>所有原因（已读 %1，还有更多卡住）</translation>
    </message>
    <message>
        <source>other errors (an operator's cancel, …)</source>
        <translation>其他错误（操作员的取消等）</translation>
    </message>
    <message>
        <source>Only initial and pending transactions can be canceled; resume finishes a canceling one</source>
        <translation>只有 initial 和 pending 状态的交易可以取消；继续执行可完成 canceling 状态的交易</translation>
    </message>
    <message>
        <source>Nothing shown can be resumed</source>
        <translation>所显示的交易都不能继续执行</translation>
    </message>
</context>
<context>
    <name>ledger::app::StuckNoticer</name>
    <message numerus="yes">
        <source>%n transaction(s) became stuck</source>
        <translation><numerusform>%n 笔交易卡住了</numerusform></translation>
    </message>
    <message>
        <source>Nobody else has claimed them. Click to open the Stuck view.</source>
        <translation>其他人都没有认领。点击打开“卡住”视图。</translation>
    </message>
</context>
<context>
    <name>ledger::app::TablePage</name>
    <message numerus="yes">
        <source>%Ln row(s) · loading…</source>
        <translation><numerusform>%Ln 行 · 加载中…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation><numerusform>%Ln 行</numerusform></translation>
    </message>
    <message>
        <source>%1 · top row %2</source>
        <translation>%1 · 首行 %2</translation>
    </message>
    <message>
        <source>%1 rows · loading…</source>
        <translation>%1 行 · 加载中…</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
</context>
<context>
    <name>ledger::app::TokenKeyring</name>
    <message>
        <source>the desktop's keyring did not answer within %1 s</source>
        <translation>桌面密钥环未在 %1 秒内应答</translation>
    </message>
</context>
<context>
    <name>ledger::app::TransactionTableModel</name>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>付款方</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>收款方</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Owner / lease</source>
        <translation>处理者 / 租约</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最后错误</translation>
    </message>
    <message>
        <source>%1
lease until %2</source>
        <translation>%1
租约至 %2</translation>
    </message>
    <message>
        <source>Compensation of %1</source>
        <translation>%1 的补偿</translation>
    </message>
    <message>
        <source>%1 · lease expired %2 ago</source>
        <translation>%1 · 租约已于 %2前过期</translation>
    </message>
    <message>
        <source>%1 · %2 left</source>
        <translation>%1 · 剩余 %2</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Compensated by %1</source>
        <translation>已被 %1 补偿</translation>
    </message>
    <message>
        <source>%1, compensated</source>
        <translation>%1，已补偿</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <translation>接手人</translation>
    </message>
    <message>
        <source>Claimed by %1 at %2</source>
        <translation>%1 于 %2 接手</translation>
    </message>
    <message>
        <source>Claimed by %1 at %2: %3</source>
        <translation>%1 于 %2 接手：%3</translation>
    </message>
    <message>
        <source>%1 · %2 ago</source>
        <translation>%1 · %2前</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>创建于 %1</translation>
    </message>
    <message>
        <source>changed %1</source>
        <translation>修改于 %1</translation>
    </message>
    <message>
        <source>amount %1</source>
        <translation>金额 %1</translation>
    </message>
</context>
<context>
    <name>ledger::app::TransactionsPage</name>
    <message>
        <source>Filter by transaction id or account…</source>
        <translation>按交易 ID 或账户筛选…</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Sort by age, amount, state or id</source>
        <translation>按时长、金额、状态或 ID 排序</translation>
    </message>
    <message>
        <source>%1's claim on %2 (%3 ago)</source>
        <translation>%1 对 %2 的接手（%3前）</translation>
    </message>
    <message>
        <source>%1's claim on %2 (%3 ago: “%4”)</source>
        <translation>%1 对 %2 的接手（%3前：“%4”）</translation>
    </message>
    <message>
        <source>Release someone else's claim?</source>
        <translation>释放他人的接手？</translation>
    </message>
    <message>
        <source>Release %1?

They will no longer be shown as on it in any console.</source>
        <translation>释放 %1？

任何控制台都将不再显示其正在处理。</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>释放(&amp;R)</translation>
    </message>
    <message>
        <source>Not recorded</source>
        <translation>未记录</translation>
    </message>
    <message numerus="yes">
        <source>%n transaction(s)</source>
        <translation><numerusform>%n 笔交易</numerusform></translation>
    </message>
    <message>
        <source>You are on %1: every console on this store shows it</source>
        <translation>您已接手 %1：此存储库上的每个控制台都会显示</translation>
    </message>
    <message>
        <source>%1 is no longer claimed</source>
        <translation>%1 已无人接手</translation>
    </message>
    <message>
        <source>Noted on %1</source>
        <translation>已为 %1 添加备注</translation>
    </message>
    <message>
        <source>(taken over from %1)</source>
        <translation>（从 %1 手中接过）</translation>
    </message>
    <message>
        <source>This store lists transactions by age or by state only: it has no index for other orders</source>
        <translation>此存储库只能按时长或状态列出交易：它没有其他排序所需的索引</translation>
    </message>
    <message>
        <source>%1: no transaction is selected; the row it was for is no longer shown. Select one first.</source>
        <translation>%1：未选择交易；它所针对的行已不再显示。请先选择一笔交易。</translation>
    </message>
    <message>
        <source>%1: select exactly one transaction (%2 are selected).</source>
        <translation>%1：请只选择一笔交易（已选择 %2 笔）。</translation>
    </message>
</context>
<context>
    <name>ledger::app::TransferDialog</name>
    <message>
        <source>&amp;Transfer</source>
        <translation>转账(&amp;T)</translation>
    </message>
    <message>
        <source>A transfer is being submitted; its answer comes in a moment.</source>
        <translation>转账正在提交，稍后会有结果。</translation>
    </message>
    <message>
        <source>Transferring…</source>
        <translation>正在转账…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>&lt;br/&gt;Transaction %1 is %2: it is recorded and will be finished (recovery does it, or submit again — with this key that is safe).</source>
        <translation>&lt;br/&gt;交易 %1 的状态为 %2：它已被记录并将会完成（由恢复完成，或再次提交——使用同一幂等键是安全的）。</translation>
    </message>
    <message>
        <source>&lt;br/&gt;Transaction %1 is %2.</source>
        <translation>&lt;br/&gt;交易 %1 的状态为 %2。</translation>
    </message>
    <message>
        <source>Legs</source>
        <translation>分录</translation>
    </message>
</context>
<context>
    <name>ledger::app::WindowedTable</name>
    <message>
        <source>Place in the list</source>
        <translation>在列表中的位置</translation>
    </message>
</context>
</TS>