<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>IncidentReport</name>
    <message>
        <source>Incident report %1</source>
        <translation>事故报告 %1</translation>
    </message>
    <message>
        <source>Incident report: transaction %1</source>
        <translation>事故报告：交易 %1</translation>
    </message>
    <message>
        <source>Prepared by %1 at %2 (store clock) from %3.</source>
        <translation>由 %1 于 %2（存储库时钟）根据 %3 生成。</translation>
    </message>
    <message>
        <source>The document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>From</source>
        <translation>付款方</translation>
    </message>
    <message>
        <source>To</source>
        <translation>收款方</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
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
        <source>Compensates</source>
        <translation>补偿的原交易</translation>
    </message>
    <message>
        <source>Compensated by</source>
        <translation>补偿交易</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Last modified</source>
        <translation>最后修改</translation>
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
        <source>Leg markers</source>
        <translation>分录标记</translation>
    </message>
    <message>
        <source>None: nothing was held yet.</source>
        <translation>无：尚未预留任何金额。</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>At</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Accounts now</source>
        <translation>账户当前状态</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
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
        <source>(no such account)</source>
        <translation>（无此账户）</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>执行者</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>纪元</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>操作员操作</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
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
        <source>Why / detail</source>
        <translation>原因 / 详情</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>账户 %1</translation>
    </message>
</context>
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
    <message>
        <source>the audit was stopped before the end</source>
        <translation>审计在结束前被停止</translation>
    </message>
    <message>
        <source>account %1 shows pending debits %2 and credits %3, but its held markers sum to %4 and %5</source>
        <translation>账户 %1 显示待处理借记 %2、贷记 %3，但其已预留标记合计为 %4 和 %5</translation>
    </message>
    <message>
        <source>account %1 has balance %2, but its posted markers sum to %3</source>
        <translation>账户 %1 的余额为 %2，但其已过账标记合计为 %3</translation>
    </message>
    <message>
        <source>account %1 has balance %2 and available %3; only @world may go negative</source>
        <translation>账户 %1 的余额为 %2，可用金额为 %3；只有 @world 可以为负</translation>
    </message>
    <message>
        <source>held or posted markers name account %1, which does not exist</source>
        <translation>已预留或已过账的标记指向账户 %1，但该账户不存在</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>%1's %2 marker is on %3 for %4; the document says %5 for %6</source>
        <translation>%1 的 %2 标记在 %3 上，金额 %4；文档记载的是 %5，金额 %6</translation>
    </message>
    <message>
        <source>%1 has an extra %2 marker on %3</source>
        <translation>%1 在 %3 上多了一个 %2 标记</translation>
    </message>
    <message>
        <source>%1 is initial but has leg markers (debit %2, credit %3)</source>
        <translation>%1 处于 initial 状态，却有分录标记（借方 %2，贷方 %3）</translation>
    </message>
    <message>
        <source>%1 is done but its debit is %2 and its credit is %3</source>
        <translation>%1 已是 done，但其借方为 %2，贷方为 %3</translation>
    </message>
    <message>
        <source>%1 is applied but its debit is %2 and its credit is %3</source>
        <translation>%1 已是 applied，但其借方为 %2，贷方为 %3</translation>
    </message>
    <message>
        <source>%1 is %2 but has a posted leg (debit %3, credit %4)</source>
        <translation>%1 处于 %2 状态，却有已过账的分录（借方 %3，贷方 %4）</translation>
    </message>
    <message>
        <source>%1 is %2 but still holds %3 on %4</source>
        <translation>%1 处于 %2 状态，却仍在 %4 上预留 %3</translation>
    </message>
    <message>
        <source>a %1 %2 marker of %3 on %4 belongs to no transaction</source>
        <translation>%4 上一个金额为 %3 的 %1 %2 标记不属于任何交易</translation>
    </message>
    <message>
        <source>the balances of all accounts sum to %1 (with %2 for half-posted transfers); they must sum to zero</source>
        <translation>所有账户的余额合计为 %1（其中半过账的转账计 %2）；合计必须为零</translation>
    </message>
    <message>
        <source>compensation %1 names %2 as its original, which is not a transfer in this store</source>
        <translation>补偿 %1 把 %2 记为原交易，但它不是此存储库中的转账</translation>
    </message>
    <message>
        <source>compensation %1 does not reverse %2 (it moves %3 from %4 to %5)</source>
        <translation>补偿 %1 没有冲回 %2（它从 %4 向 %5 转移 %3）</translation>
    </message>
    <message>
        <source>compensation %1 is %2 but %3 links to "%4"</source>
        <translation>补偿 %1 处于 %2 状态，但 %3 链接到“%4”</translation>
    </message>
    <message>
        <source>compensation %1 reverses %2, which is %3, not done</source>
        <translation>补偿 %1 冲回的 %2 处于 %3 状态，而不是 done</translation>
    </message>
    <message>
        <source>%1 links to compensation %2, which does not link back</source>
        <translation>%1 链接到补偿 %2，但后者没有反向链接</translation>
    </message>
    <message>
        <source>%1 has %2 compensations that are not canceled: %3</source>
        <translation>%1 有 %2 笔未取消的补偿：%3</translation>
    </message>
    <message>
        <source>cursor "%1" %2 (use "0" for the start, or a cursor the feed printed)</source>
        <translation>游标“%1”%2（从头开始请用“0”，或用变更流输出过的游标）</translation>
    </message>
    <message>
        <source>does not have one position for each of the store's %1 shards</source>
        <translation>没有为存储库的 %1 个分片各给出一个位置</translation>
    </message>
    <message>
        <source>is not one position: this store is one file</source>
        <translation>不是单个位置：此存储库只有一个文件</translation>
    </message>
    <message>
        <source>is not made of whole numbers</source>
        <translation>不是由整数组成的</translation>
    </message>
    <message>
        <source>the cursor has %1 positions; the store has %2 shards</source>
        <translation>游标有 %1 个位置；存储库有 %2 个分片</translation>
    </message>
    <message>
        <source>%1; %2 was canceled</source>
        <translation>%1；%2 已被取消</translation>
    </message>
    <message>
        <source>%1 was canceled (%2)</source>
        <translation>%1 已被取消（%2）</translation>
    </message>
    <message>
        <source>no reason recorded</source>
        <translation>未记录原因</translation>
    </message>
    <message>
        <source>an opening balance cannot be negative</source>
        <translation>期初余额不能为负</translation>
    </message>
    <message>
        <source>source account id</source>
        <translation>付款方账户 ID</translation>
    </message>
    <message>
        <source>destination account id</source>
        <translation>收款方账户 ID</translation>
    </message>
    <message>
        <source>source and destination are both %1; a transfer needs two accounts</source>
        <translation>付款方和收款方都是 %1；转账需要两个账户</translation>
    </message>
    <message>
        <source>amount must be greater than zero</source>
        <translation>金额必须大于零</translation>
    </message>
    <message>
        <source>memo</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>idempotency key %1 was already used by %2 for a different request (%3 from %4 to %5)</source>
        <translation>幂等键 %1 已被 %2 用于另一个请求（从 %4 到 %5 的 %3）</translation>
    </message>
    <message>
        <source>just submitted; it is being started</source>
        <translation>刚刚提交；正在启动</translation>
    </message>
    <message>
        <source>in progress, driven by %1</source>
        <translation>进行中，由 %1 推进</translation>
    </message>
    <message>
        <source>%1 did not reach done; not compensating it</source>
        <translation>%1 没有到达 done；不对它进行补偿</translation>
    </message>
    <message>
        <source>%1: stopped by a fault hook right after %2</source>
        <translation>%1：故障钩子在 %2 之后立即停止了它</translation>
    </message>
    <message>
        <source>someone else</source>
        <translation>他人</translation>
    </message>
    <message>
        <source>finished by %1 (%2)</source>
        <translation>已由 %1 完成（%2）</translation>
    </message>
    <message>
        <source>canceled by %1</source>
        <translation>已由 %1 取消</translation>
    </message>
    <message>
        <source>someone else moved %1 first: it is now %2 (owner %3, epoch %4)</source>
        <translation>他人先处理了 %1：它现在是 %2（处理者 %3，纪元 %4）</translation>
    </message>
    <message>
        <source>taken over by %1; it is %2 and will be finished there</source>
        <translation>已被 %1 接管；它处于 %2 状态，将由对方完成</translation>
    </message>
    <message>
        <source>the link of %1 kept changing</source>
        <translation>%1 的链接不断变化</translation>
    </message>
    <message>
        <source>--accounts must be from 2 to 100000</source>
        <translation>--accounts 必须在 2 到 100000 之间</translation>
    </message>
    <message>
        <source>--transfers must be from 0 to 10000000</source>
        <translation>--transfers 必须在 0 到 10000000 之间</translation>
    </message>
    <message>
        <source>--stuck must be from 0 to 100000</source>
        <translation>--stuck 必须在 0 到 100000 之间</translation>
    </message>
    <message>
        <source>demo amounts for %1 accounts do not fit a ledger of scale %2; use fewer accounts or a store with a smaller scale</source>
        <translation>%1 个账户的演示金额超出了小数位数为 %2 的账本的范围；请减少账户数，或使用小数位数更小的存储库</translation>
    </message>
    <message>
        <source>%1 accounts ready</source>
        <translation>%1 个账户已就绪</translation>
    </message>
    <message>
        <source>%1 of %2 transfers</source>
        <translation>第 %1 笔转账，共 %2 笔</translation>
    </message>
    <message>
        <source>no account %1</source>
        <translation>没有账户 %1</translation>
    </message>
    <message>
        <source>account %1 is frozen</source>
        <translation>账户 %1 已冻结</translation>
    </message>
    <message>
        <source>account %1 is closed</source>
        <translation>账户 %1 已关闭</translation>
    </message>
    <message>
        <source>holding %1 on %2 would overflow its balance</source>
        <translation>在 %2 上预留 %1 会使其余额溢出</translation>
    </message>
    <message>
        <source>%1 has %2 available (balance %3, %4 held for other transfers); this transfer needs %5</source>
        <translation>%1 的可用金额为 %2（余额 %3，其中 %4 已为其他转账预留）；此笔转账需要 %5</translation>
    </message>
    <message>
        <source>crediting %1 to %2 would overflow its balance</source>
        <translation>向 %2 贷记 %1 会使其余额溢出</translation>
    </message>
    <message>
        <source>post of %1 on %2: no leg marker there (the leg was never held)</source>
        <translation>在 %2 上为 %1 过账：那里没有分录标记（该分录从未预留）</translation>
    </message>
    <message>
        <source>post of %1 on %2: the leg was voided by a cancel</source>
        <translation>在 %2 上为 %1 过账：该分录已因取消而作废</translation>
    </message>
    <message>
        <source>post of %1: account %2 is gone</source>
        <translation>为 %1 过账：账户 %2 已不存在</translation>
    </message>
    <message>
        <source>posting %1 on %2 would overflow its balance</source>
        <translation>在 %2 上为 %1 过账会使其余额溢出</translation>
    </message>
    <message>
        <source>void of %1 on %2: the leg is already posted</source>
        <translation>在 %2 上作废 %1：该分录已过账</translation>
    </message>
    <message>
        <source>@world is the system account; it cannot be frozen or closed</source>
        <translation>@world 是系统账户；不能冻结或关闭</translation>
    </message>
    <message>
        <source>account %1 is closed; closed accounts stay closed</source>
        <translation>账户 %1 已关闭；已关闭的账户不能重新启用</translation>
    </message>
    <message>
        <source>account %1 has balance %2, %3 pending debits and %4 pending credits; only an empty account can be closed</source>
        <translation>账户 %1 的余额为 %2，待处理借记 %3，待处理贷记 %4；只有空账户才能关闭</translation>
    </message>
    <message>
        <source>duration %1 %2; write it like 90s, 30m, 2h, 1d or 1h30m</source>
        <translation>时长 %1 %2；请写成 90s、30m、2h、1d 或 1h30m 这样的形式</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>is too long (at most 36525d)</source>
        <translation>太长（最多 36525d）</translation>
    </message>
    <message>
        <source>must start each part with ASCII digits</source>
        <translation>每一段都必须以 ASCII 数字开头</translation>
    </message>
    <message>
        <source>has an unknown unit</source>
        <translation>的单位无法识别</translation>
    </message>
    <message>
        <source>needs a unit (ms, s, m, h or d)</source>
        <translation>缺少单位（ms、s、m、h 或 d）</translation>
    </message>
    <message>
        <source>%1 is not a protocol step; steps are: %2</source>
        <translation>%1 不是协议步骤；步骤有：%2</translation>
    </message>
    <message>
        <source>LEDGER_STEP_DELAY_MS must be milliseconds from 0 to 60000, not %1</source>
        <translation>LEDGER_STEP_DELAY_MS 必须是 0 到 60000 之间的毫秒数，而不是 %1</translation>
    </message>
    <message>
        <source>a byte that is not UTF-8</source>
        <translation>一个不是 UTF-8 的字节</translation>
    </message>
    <message>
        <source>a space (%1)</source>
        <translation>一个空格（%1）</translation>
    </message>
    <message>
        <source>a control character (%1)</source>
        <translation>一个控制字符（%1）</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 为空</translation>
    </message>
    <message>
        <source>%1 %2 is %3 characters long; the limit is %4</source>
        <translation>%1 %2 长 %3 个字符；上限为 %4</translation>
    </message>
    <message>
        <source>%1 %2 contains %3 at position %4; use letters, digits, '.', '_' and '-'</source>
        <translation>%1 %2 在第 %4 个位置包含%3；请使用字母、数字、“.”、“_”和“-”</translation>
    </message>
    <message>
        <source>@world is the system account; it exists in every store</source>
        <translation>@world 是系统账户；每个存储库中都有它</translation>
    </message>
    <message>
        <source>account id</source>
        <translation>账户 ID</translation>
    </message>
    <message>
        <source>transaction id</source>
        <translation>交易 ID</translation>
    </message>
    <message>
        <source>idempotency key is empty</source>
        <translation>幂等键为空</translation>
    </message>
    <message>
        <source>idempotency key is %1 characters long; the limit is %2</source>
        <translation>幂等键长 %1 个字符；上限为 %2</translation>
    </message>
    <message>
        <source>idempotency key %1 contains %2; use printable ASCII without spaces</source>
        <translation>幂等键 %1 包含%2；请使用不含空格的可打印 ASCII 字符</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; the limit is %3</source>
        <translation>%1 长 %2 个字符；上限为 %3</translation>
    </message>
    <message>
        <source>%1 %2 contains %3</source>
        <translation>%1 %2 包含%3</translation>
    </message>
    <message>
        <source>amount is empty; write it like 12.34</source>
        <translation>金额为空；请写成 12.34 这样的形式</translation>
    </message>
    <message>
        <source>amount %1 has a sign; amounts are always positive, write 12.34</source>
        <translation>金额 %1 带有符号；金额总是正数，请写成 12.34</translation>
    </message>
    <message>
        <source>amount %1 contains white space</source>
        <translation>金额 %1 包含空白字符</translation>
    </message>
    <message>
        <source>amount %1 has a thousands separator; write 1000.00, not 1,000.00</source>
        <translation>金额 %1 带有千位分隔符；请写 1000.00，而不是 1,000.00</translation>
    </message>
    <message>
        <source>amount %1 uses an exponent; write the digits out</source>
        <translation>金额 %1 使用了指数；请把数字完整写出</translation>
    </message>
    <message>
        <source>amount %1 uses non-ASCII digits; use 0-9</source>
        <translation>金额 %1 使用了非 ASCII 数字；请使用 0-9</translation>
    </message>
    <message>
        <source>amount %1 is not a decimal number; write it like 12.34</source>
        <translation>金额 %1 不是十进制数；请写成 12.34 这样的形式</translation>
    </message>
    <message>
        <source>amount %1 has no digits before the point; write 0.5, not .5</source>
        <translation>金额 %1 的小数点前没有数字；请写 0.5，而不是 .5</translation>
    </message>
    <message>
        <source>amount %1 has no digits after the point; write 5 or 5.00</source>
        <translation>金额 %1 的小数点后没有数字；请写 5 或 5.00</translation>
    </message>
    <message>
        <source>amount %1 has decimals; this ledger takes whole amounts only</source>
        <translation>金额 %1 带有小数；此账本只接受整数金额</translation>
    </message>
    <message>
        <source>amount %1 has %2 decimal places; this ledger allows at most %3</source>
        <translation>金额 %1 有 %2 位小数；此账本最多允许 %3 位</translation>
    </message>
    <message>
        <source>amount %1 is too large; the most this ledger holds is %2</source>
        <translation>金额 %1 太大；此账本能容纳的最大金额为 %2</translation>
    </message>
    <message>
        <source>%1: out of memory while connecting</source>
        <translation>%1：连接时内存不足</translation>
    </message>
    <message>
        <source>%1: %2; create a store there with 'ledgerctl init --store %1'</source>
        <translation>%1：%2；请用 'ledgerctl init --store %1' 在那里创建存储库</translation>
    </message>
    <message>
        <source>%1: %2 (LedgerDesk keeps no passwords: put it in ~/.pgpass or the file $PGPASSFILE names)</source>
        <translation>%1：%2（LedgerDesk 不保存密码：请把密码放入 ~/.pgpass 或 $PGPASSFILE 指定的文件）</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>setting up the session</source>
        <translation>建立会话</translation>
    </message>
    <message>
        <source>%1 stayed unreachable for %2 s; nothing was written (%3)</source>
        <translation>%1 在 %2 秒内一直无法连接；没有写入任何内容（%3）</translation>
    </message>
    <message>
        <source>%1 went away while a write was committing and stayed unreachable for %2 s; whether that write happened is unknown until the store is back (recovery reads the document and finishes it) (%3)</source>
        <translation>%1 在一次写入提交期间断开，并在 %2 秒内一直无法连接；在存储库恢复之前无法得知该写入是否已生效（恢复会读取该文档并将其完成）（%3）</translation>
    </message>
    <message>
        <source>%1: connection lost while %2: %3</source>
        <translation>%1：%2时连接丢失：%3</translation>
    </message>
    <message>
        <source>%1: a row stayed locked by another session past the busy timeout while %2</source>
        <translation>%1：%2时，有一行被另一个会话锁定，超过了忙等待超时</translation>
    </message>
    <message>
        <source>%1 is full (disk) while %2; nothing was written</source>
        <translation>%1 在%2时已满（磁盘）；没有写入任何内容</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 无法写入：%2</translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation>%1：%2失败：%3</translation>
    </message>
    <message>
        <source>%1: not connected</source>
        <translation>%1：未连接</translation>
    </message>
    <message>
        <source>preparing a statement</source>
        <translation>准备语句</translation>
    </message>
    <message>
        <source>running a statement</source>
        <translation>执行语句</translation>
    </message>
    <message>
        <source>running a query</source>
        <translation>执行查询</translation>
    </message>
    <message>
        <source>%1: connection lost during a read</source>
        <translation>%1：读取期间连接丢失</translation>
    </message>
    <message>
        <source>%1 already holds %2; refusing to overwrite it</source>
        <translation>%1 中已有%2；拒绝覆盖</translation>
    </message>
    <message>
        <source>a store</source>
        <translation>一个存储库</translation>
    </message>
    <message>
        <source>a table named accounts</source>
        <translation>一个名为 accounts 的表</translation>
    </message>
    <message>
        <source>%1 holds no LedgerDesk store; create one with 'ledgerctl init --store %1'</source>
        <translation>%1 中没有 LedgerDesk 存储库；请用 'ledgerctl init --store %1' 创建</translation>
    </message>
    <message>
        <source>%1 has a table named meta, but it is not a LedgerDesk store</source>
        <translation>%1 有一个名为 meta 的表，但它不是 LedgerDesk 存储库</translation>
    </message>
    <message>
        <source>%1 has no valid schema version in its meta table</source>
        <translation>%1 的 meta 表中没有有效的架构版本</translation>
    </message>
    <message>
        <source>%1 was written by a newer LedgerDesk (schema %2; this one knows up to %3)</source>
        <translation>%1 由更新版本的 LedgerDesk 写入（架构 %2；此版本最多支持 %3）</translation>
    </message>
    <message>
        <source>%1 has no valid scale in its meta table</source>
        <translation>%1 的 meta 表中没有有效的小数位数</translation>
    </message>
    <message>
        <source>scale %1 is out of range; use 0 to %2</source>
        <translation>小数位数 %1 超出范围；请使用 0 到 %2</translation>
    </message>
    <message>
        <source>account %1 already exists</source>
        <translation>账户 %1 已存在</translation>
    </message>
    <message>
        <source>%1 is one database: it has no shard %2</source>
        <translation>%1 是单个数据库：没有分片 %2</translation>
    </message>
    <message>
        <source>no transaction %1</source>
        <translation>没有交易 %1</translation>
    </message>
    <message>
        <source>%1 names no database to %2</source>
        <translation>%1 没有指定要%2的数据库</translation>
    </message>
    <message>
        <source>cannot %1 the database of %2: cannot connect to the server's postgres database: %3</source>
        <translation>无法%1 %2 的数据库：无法连接到服务器的 postgres 数据库：%3</translation>
    </message>
    <message>
        <source>cannot %1 the database %2 on %3: %4</source>
        <translation>无法在 %3 上%1数据库 %2：%4</translation>
    </message>
    <message>
        <source>create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>drop</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>shard %1 of %2 of the store %3 is missing: there is no file %4</source>
        <translation>存储库 %3 的第 %1 个分片（共 %2 个）缺失：没有文件 %4</translation>
    </message>
    <message>
        <source>%1 has scale %2, but %3 says the store's scale is %4</source>
        <translation>%1 的小数位数为 %2，但 %3 记载存储库的小数位数为 %4</translation>
    </message>
    <message>
        <source>a sharded store is named by its topology file, which must end in .json, not %1</source>
        <translation>分片存储库以其拓扑文件命名，文件名必须以 .json 结尾，而不是 %1</translation>
    </message>
    <message>
        <source>--shards %1 but %2 servers listed; give one database per shard</source>
        <translation>--shards 为 %1，但列出了 %2 个服务器；请为每个分片给出一个数据库</translation>
    </message>
    <message>
        <source>%1 is not a PostgreSQL URI (postgresql://...)</source>
        <translation>%1 不是 PostgreSQL URI（postgresql://...）</translation>
    </message>
    <message>
        <source>%1 carries a password, which the topology file would keep in plain text; put it in ~/.pgpass (or the file $PGPASSFILE names) and leave it out of the URI</source>
        <translation>%1 带有密码，而拓扑文件会以明文保存它；请把密码放入 ~/.pgpass（或 $PGPASSFILE 指定的文件），不要写在 URI 中</translation>
    </message>
    <message>
        <source>a store has 1 to %1 shards, not %2</source>
        <translation>存储库有 1 到 %1 个分片，而不是 %2 个</translation>
    </message>
    <message>
        <source>%1 already exists; init refuses to overwrite anything</source>
        <translation>%1 已存在；init 拒绝覆盖任何内容</translation>
    </message>
    <message>
        <source>%1 already exist; init refuses to overwrite anything</source>
        <translation>%1 已存在；init 拒绝覆盖任何内容</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 was created by someone else meanwhile</source>
        <translation>%1 在此期间已被他人创建</translation>
    </message>
    <message>
        <source>%1 has no shard %2</source>
        <translation>%1 没有分片 %2</translation>
    </message>
    <message>
        <source>%1 is shard %2 of %3 of the store %4; open %4 instead</source>
        <translation>%1 是存储库 %4 的第 %2 个分片（共 %3 个）；请改为打开 %4</translation>
    </message>
    <message>
        <source>%1 is a single store, not shard %2 of %3 of %4</source>
        <translation>%1 是单个存储库，不是 %4 的第 %2 个分片（共 %3 个）</translation>
    </message>
    <message>
        <source>%1 records a topology but no valid shard index and count</source>
        <translation>%1 记录了拓扑，却没有有效的分片序号和数量</translation>
    </message>
    <message>
        <source>%1 belongs to another sharded store (topology id %2, made with %3), not to %4 (id %5)</source>
        <translation>%1 属于另一个分片存储库（拓扑 ID %2，由 %3 创建），而不属于 %4（ID %5）</translation>
    </message>
    <message>
        <source>%1 is shard %2 of %3, but %4 lists it as shard %5 of %6; the shards of a store cannot be moved, swapped or counted differently</source>
        <translation>%1 是第 %2 个分片（共 %3 个），但 %4 把它列为第 %5 个分片（共 %6 个）；存储库的分片不能移动、交换或改变数量</translation>
    </message>
    <message>
        <source>the write-ahead log of %1 (%1-wal) is missing, but its index (%1-shm) says it held %2 committed page writes that are not in %1 yet: opening it now would silently lose the last writes. Put the -wal file back and open the store again. (Only to accept losing them: delete %1-shm as well; the store then opens as it was before those writes, and recovery finishes what was in flight.)</source>
        <translation>%1 的预写日志（%1-wal）缺失，但其索引（%1-shm）表明其中有 %2 次已提交的页写入尚未写进 %1：现在打开会悄悄丢失最后的写入。请把 -wal 文件放回原处，然后重新打开存储库。（只有在接受丢失这些写入时：把 %1-shm 也删除；存储库随后会以这些写入之前的状态打开，恢复会完成进行中的交易。）</translation>
    </message>
    <message>
        <source>%1 already exists; refusing to overwrite it</source>
        <translation>%1 已存在；拒绝覆盖</translation>
    </message>
    <message>
        <source>cannot create the directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
    <message>
        <source>cannot create %1: the directory is read-only</source>
        <translation>无法创建 %1：目录是只读的</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>no store at %1; create one with 'ledgerctl init' or 'ledgerctl demo'</source>
        <translation>%1 处没有存储库；请用 'ledgerctl init' 或 'ledgerctl demo' 创建</translation>
    </message>
    <message>
        <source>%1 is a directory, not a store file</source>
        <translation>%1 是目录，不是存储库文件</translation>
    </message>
    <message>
        <source>%1 cannot be read (permission denied)</source>
        <translation>%1 无法读取（权限被拒绝）</translation>
    </message>
    <message>
        <source>%1 is read-only; LedgerDesk needs write access to its store</source>
        <translation>%1 是只读的；LedgerDesk 需要对其存储库的写权限</translation>
    </message>
    <message>
        <source>the directory of %1 is read-only; SQLite needs it for the write-ahead log</source>
        <translation>%1 所在的目录是只读的；SQLite 需要在那里写预写日志</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 无法打开：%2</translation>
    </message>
    <message>
        <source>%1 is an empty file, not a LedgerDesk store</source>
        <translation>%1 是空文件，不是 LedgerDesk 存储库</translation>
    </message>
    <message>
        <source>%1 is not a LedgerDesk store (it is not an SQLite database)</source>
        <translation>%1 不是 LedgerDesk 存储库（它不是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>the store path is empty</source>
        <translation>存储库路径为空</translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation>%1 已损坏：%2</translation>
    </message>
    <message>
        <source>%1 is an SQLite database of another application, not a LedgerDesk store</source>
        <translation>%1 是其他应用程序的 SQLite 数据库，不是 LedgerDesk 存储库</translation>
    </message>
    <message>
        <source>%1 has schema version %2; this LedgerDesk reads up to version %3; upgrade LedgerDesk</source>
        <translation>%1 的架构版本为 %2；此 LedgerDesk 最多读取版本 %3；请升级 LedgerDesk</translation>
    </message>
    <message>
        <source>%1 has no schema (an interrupted init?)</source>
        <translation>%1 没有架构（init 被中断了？）</translation>
    </message>
    <message>
        <source>%1 cannot use write-ahead logging here (journal mode stays "%2"); put the store on a local file system</source>
        <translation>%1 在这里无法使用预写日志（日志模式仍为 "%2"）；请把存储库放在本地文件系统上</translation>
    </message>
    <message>
        <source>%1 was initialised by someone else meanwhile</source>
        <translation>%1 在此期间已被他人初始化</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>reading rows</source>
        <translation>读取行</translation>
    </message>
    <message>
        <source>starting a read</source>
        <translation>开始读取</translation>
    </message>
    <message>
        <source>starting a write</source>
        <translation>开始写入</translation>
    </message>
    <message>
        <source>committing a write</source>
        <translation>提交写入</translation>
    </message>
    <message>
        <source>%1 stayed locked by another process past the busy timeout while %2</source>
        <translation>%1 在%2时被另一个进程锁定，超过了忙等待超时</translation>
    </message>
    <message>
        <source>%1 is read-only: %2</source>
        <translation>%1 是只读的：%2</translation>
    </message>
    <message>
        <source>%1 is not a LedgerDesk store: %2</source>
        <translation>%1 不是 LedgerDesk 存储库：%2</translation>
    </message>
    <message>
        <source>%1 is full (disk or size limit) while %2; nothing was written</source>
        <translation>%1 在%2时已满（磁盘或大小上限）；没有写入任何内容</translation>
    </message>
    <message>
        <source>%1: disk I/O error while %2: %3</source>
        <translation>%1：%2时磁盘 I/O 错误：%3</translation>
    </message>
    <message>
        <source>%1 is one file: it has no shard %2</source>
        <translation>%1 是单个文件：没有分片 %2</translation>
    </message>
    <message>
        <source>%1 is %2: %3</source>
        <translation>%1 处于 %2 状态：%3</translation>
    </message>
    <message>
        <source>it is finished, there is nothing to resume</source>
        <translation>它已结束，没有可继续执行的内容</translation>
    </message>
    <message>
        <source>it was canceled and moved no money; issue a new transfer instead</source>
        <translation>它已被取消且没有移动资金；请改为发起一笔新的转账</translation>
    </message>
    <message>
        <source>both legs are held and the transfer is decided; resume it to finish, then compensate</source>
        <translation>两条分录均已预留，转账已成定局；请继续执行以完成它，然后再补偿</translation>
    </message>
    <message>
        <source>it is finished; compensate it to move the money back</source>
        <translation>它已结束；请补偿以把资金转回</translation>
    </message>
    <message>
        <source>it is already being canceled; resume it to finish the cancel</source>
        <translation>它已在取消中；请继续执行以完成取消</translation>
    </message>
    <message>
        <source>it is already canceled</source>
        <translation>它已被取消</translation>
    </message>
    <message>
        <source>it is itself a compensation of %1; issue a new transfer instead</source>
        <translation>它本身就是 %1 的补偿；请改为发起一笔新的转账</translation>
    </message>
    <message>
        <source>it was canceled and moved no money; there is nothing to compensate</source>
        <translation>它已被取消且没有移动资金；没有可补偿的内容</translation>
    </message>
    <message>
        <source>it has not moved money yet; cancel or resume it instead</source>
        <translation>它尚未移动资金；请改为取消或继续执行它</translation>
    </message>
    <message>
        <source>%1 has no change feed (yet)</source>
        <translation>%1（暂时）没有变更流</translation>
    </message>
    <message>
        <source>LEDGERDESK_BUSY_TIMEOUT_MS must be milliseconds from 0 to 600000, not %1</source>
        <translation>LEDGERDESK_BUSY_TIMEOUT_MS 必须是 0 到 600000 之间的毫秒数，而不是 %1</translation>
    </message>
    <message>
        <source>LEDGERDESK_RECONNECT_MS must be milliseconds from 0 to 3600000, not %1</source>
        <translation>LEDGERDESK_RECONNECT_MS 必须是 0 到 3600000 之间的毫秒数，而不是 %1</translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation>无法写入导出文件：%1</translation>
    </message>
    <message>
        <source>the export was stopped after %1 rows</source>
        <translation>导出在 %1 行后被停止</translation>
    </message>
    <message>
        <source>%1 is a damaged topology file: %2</source>
        <translation>%1 是已损坏的拓扑文件：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 无法读取：%2</translation>
    </message>
    <message>
        <source>%1 is not a LedgerDesk store (a JSON file of %2 bytes is no topology file)</source>
        <translation>%1 不是 LedgerDesk 存储库（%2 字节的 JSON 文件不可能是拓扑文件）</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1 at byte %2)</source>
        <translation>它不是有效的 JSON（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>%1 is not a LedgerDesk store (neither an SQLite database nor a topology file: %2 at byte %3)</source>
        <translation>%1 不是 LedgerDesk 存储库（既不是 SQLite 数据库，也不是拓扑文件：第 %3 字节处：%2）</translation>
    </message>
    <message>
        <source>%1 is a JSON file but not a LedgerDesk topology (its "format" is not "%2")</source>
        <translation>%1 是 JSON 文件，但不是 LedgerDesk 拓扑（其 "format" 不是 "%2"）</translation>
    </message>
    <message>
        <source>"version" must be a whole number from 1</source>
        <translation>"version" 必须是从 1 起的整数</translation>
    </message>
    <message>
        <source>%1 is a topology of version %2; this LedgerDesk reads up to version %3; upgrade LedgerDesk</source>
        <translation>%1 是版本 %2 的拓扑；此 LedgerDesk 最多读取版本 %3；请升级 LedgerDesk</translation>
    </message>
    <message>
        <source>"id" must be a non-empty string</source>
        <translation>"id" 必须是非空字符串</translation>
    </message>
    <message>
        <source>"scale" must be a whole number from 0 to %1</source>
        <translation>"scale" 必须是 0 到 %1 之间的整数</translation>
    </message>
    <message>
        <source>"shards" must be a list of shard file paths</source>
        <translation>"shards" 必须是分片文件路径的列表</translation>
    </message>
    <message>
        <source>the list of shards is empty</source>
        <translation>分片列表为空</translation>
    </message>
    <message>
        <source>it lists %1 shards; a store has at most %2</source>
        <translation>它列出了 %1 个分片；存储库最多有 %2 个</translation>
    </message>
    <message>
        <source>shard %1 is not a file path or a postgresql:// URI</source>
        <translation>分片 %1 既不是文件路径，也不是 postgresql:// URI</translation>
    </message>
    <message>
        <source>shard %1 (%2) is the topology file itself or names the same file as an earlier shard</source>
        <translation>分片 %1（%2）就是拓扑文件本身，或与前面的某个分片指向同一个文件</translation>
    </message>
    <message>
        <source>source and destination are both %1</source>
        <translation>付款方和收款方都是 %1</translation>
    </message>
    <message>
        <source>%1 names a sharded store's topology file (.json): give the number of shards (ledgerctl init --shards N, or --servers), or name a single-file store .db</source>
        <translation>%1 是分片存储库的拓扑文件名（.json）：请给出分片数（ledgerctl init --shards N，或 --servers），或将单文件存储库命名为 .db</translation>
    </message>
    <message>
        <source>the credit to %1</source>
        <translation>%1 的贷方分录</translation>
    </message>
    <message>
        <source>%1 is not held yet</source>
        <translation>%1 尚未预留</translation>
    </message>
    <message>
        <source>%1 holds %2</source>
        <translation>%1 预留了 %2</translation>
    </message>
    <message>
        <source>%1 is posted</source>
        <translation>%1 已过账</translation>
    </message>
    <message>
        <source>%1 is voided</source>
        <translation>%1 已作废</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the descriptions of a transfer's two legs</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>the descriptions of a transfer's two legs, as one sentence</comment>
        <translation>%1。</translation>
    </message>
    <message>
        <source>It was recorded but never started: no money is held and nothing has moved.</source>
        <translation>它已记录但从未开始：没有预留任何资金，也没有任何资金移动。</translation>
    </message>
    <message>
        <source>It was started: its legs are being held, but the decision to move the money is not made yet.</source>
        <translation>它已开始：其分录正在预留，但尚未决定移动资金。</translation>
    </message>
    <message>
        <source>Both legs are held and the transfer is decided: the money must move. Only posting the legs is left.</source>
        <translation>两笔分录均已预留，转账已决定：资金必须移动。只剩下为分录过账。</translation>
    </message>
    <message>
        <source>It is being canceled (%1): its holds are being released; no money will move.</source>
        <translation>它正在取消（%1）：其预留正在释放；不会有资金移动。</translation>
    </message>
    <message>
        <source>It is finished: the money moved.</source>
        <translation>它已完成：资金已移动。</translation>
    </message>
    <message>
        <source>It is canceled: no money moved.</source>
        <translation>它已取消：没有资金移动。</translation>
    </message>
    <message>
        <source>%1 is %2, created %3 ago, last changed %4 ago. %5</source>
        <translation>%1 为 %2，创建于 %3 前，最后修改于 %4 前。%5</translation>
    </message>
    <message>
        <source>No worker ever claimed it.</source>
        <translation>从未有处理进程认领它。</translation>
    </message>
    <message>
        <source>It was last driven by %1.</source>
        <translation>最后由 %1 处理。</translation>
    </message>
    <message>
        <source>It belongs to %1, whose lease ran out %2 ago: that worker is most likely gone.</source>
        <translation>它属于 %1，其租约已于 %2 前到期：该处理进程很可能已经不在了。</translation>
    </message>
    <message>
        <source>It belongs to %1, whose lease runs %2 more: that worker may still be at work. Taking over is safe, but waiting for the lease is gentler.</source>
        <translation>它属于 %1，其租约还剩 %2：该处理进程可能仍在工作。接管是安全的，但等待租约到期更稳妥。</translation>
    </message>
    <message>
        <source>Resume it: the holds are placed again (those already there are kept) and, if both succeed, %1 moves from %2 to %3. If a hold is refused (funds, frozen account) it is canceled instead and every hold is released. Cancel it instead if the transfer should not happen.</source>
        <translation>继续执行它：重新放置预留（已有的保留不变），若两者都成功，%1 将从 %2 转到 %3。若预留被拒绝（资金不足、账户冻结），则改为取消它并释放所有预留。如果这笔转账不应发生，请改为取消它。</translation>
    </message>
    <message>
        <source>Resume it: both legs are posted and %1 moves from %2 to %3. It cannot be canceled any more; to undo it, compensate it once it is done.</source>
        <translation>继续执行它：两笔分录都将过账，%1 从 %2 转到 %3。它已不能再取消；要撤销，请在完成后补偿它。</translation>
    </message>
    <message>
        <source>Resume it: the cancel is finished, both legs are voided and every hold is released. No money moves.</source>
        <translation>继续执行它：完成取消，两笔分录都将作废，所有预留都将释放。没有资金移动。</translation>
    </message>
    <message>
        <source>Nothing is stuck. If the transfer was wrong, compensate it: %1 moves back from %2 to %3.</source>
        <translation>没有卡住的内容。如果这笔转账有误，请补偿它：%1 将从 %2 转回 %3。</translation>
    </message>
    <message>
        <source>Nothing is stuck and nothing needs doing.</source>
        <translation>没有卡住的内容，也无需任何操作。</translation>
    </message>
    <message>
        <source>Nothing is stuck and nothing needs doing: no money moved.</source>
        <translation>没有卡住的内容，也无需任何操作：没有资金移动。</translation>
    </message>
    <message>
        <source>%1 is still %2.</source>
        <translation>%1 仍为 %2。</translation>
    </message>
    <message>
        <source>%1 is %2 but still holds %3 on %4.</source>
        <translation>%1 为 %2，但仍在 %4 上预留了 %3。</translation>
    </message>
    <message>
        <source>%1 is done but only %2 of its legs are posted.</source>
        <translation>%1 已完成，但其分录只有 %2 笔已过账。</translation>
    </message>
    <message>
        <source>%1 is canceled but has a posted leg.</source>
        <translation>%1 已取消，但有一笔分录已过账。</translation>
    </message>
    <message>
        <source>%1 is done: both legs are posted and no hold is left.</source>
        <translation>%1 已完成：两笔分录均已过账，没有剩余预留。</translation>
    </message>
    <message>
        <source>%1 is canceled: no leg is posted and no hold is left.</source>
        <translation>%1 已取消：没有分录过账，也没有剩余预留。</translation>
    </message>
    <message>
        <source>no such transaction</source>
        <translation>没有这笔交易</translation>
    </message>
    <message>
        <source>cancels it: holds are released, no money moves</source>
        <translation>取消它：释放预留，没有资金移动</translation>
    </message>
    <message>
        <source>finishes the cancel: holds are released, no money moves</source>
        <translation>完成取消：释放预留，没有资金移动</translation>
    </message>
    <message>
        <source>will most likely be canceled: %1</source>
        <translation>很可能会被取消：%1</translation>
    </message>
    <message>
        <source>completes it: %1 moves from %2 to %3</source>
        <translation>完成它：%1 从 %2 转到 %3</translation>
    </message>
    <message>
        <source>already compensated by %1</source>
        <translation>已由 %1 补偿</translation>
    </message>
    <message>
        <source>being compensated by %1 (%2, driven by %3 for %4 more)</source>
        <translation>正由 %1 补偿（%2，由 %3 处理，还剩 %4）</translation>
    </message>
    <message>
        <source>finishes the abandoned compensation %1: %2</source>
        <translation>完成被放弃的补偿 %1：%2</translation>
    </message>
    <message>
        <source>the reverse transfer will most likely be refused: %1</source>
        <translation>反向转账很可能会被拒绝：%1</translation>
    </message>
    <message>
        <source>finishes it, then moves %1 back from %2 to %3</source>
        <translation>完成它，然后将 %1 从 %2 转回 %3</translation>
    </message>
    <message>
        <source>moves %1 back from %2 to %3</source>
        <translation>将 %1 从 %2 转回 %3</translation>
    </message>
    <message>
        <source>account %1 does not exist</source>
        <translation>账户 %1 不存在</translation>
    </message>
    <message>
        <source>account %1 is %2</source>
        <translation>账户 %1 为 %2</translation>
    </message>
    <message>
        <source>%1 has %2 available, the transfer needs %3</source>
        <translation>%1 可用 %2，转账需要 %3</translation>
    </message>
    <message>
        <source>The debit on %1</source>
        <translation>%1 上的借方分录</translation>
    </message>
    <message>
        <source>%1; creating the database did not work either: %2</source>
        <translation>%1；创建该数据库也未成功：%2</translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while this connection had it open (another program removed it, or a process took the store for unused): what is written through this connection would be lost, so nothing is. Close and reopen the store; recovery finishes what was in flight.</source>
        <translation>%1 在此连接打开期间被删除或替换（另一个程序删除了它，或某个进程以为存储库已无人使用）：通过此连接写入的内容将会丢失，因此不再写入。请关闭并重新打开存储库；恢复会完成进行中的交易。</translation>
    </message>
    <message>
        <source>rolling back</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>the kernel refuses open-file-description locks</source>
        <translation>内核拒绝打开文件描述锁</translation>
    </message>
    <message>
        <source>open-file-description locks</source>
        <translation>打开文件描述锁（OFD）</translation>
    </message>
    <message>
        <source>POSIX locks (%1)</source>
        <translation>POSIX 锁（%1）</translation>
    </message>
    <message>
        <source>SQLite %1 (built in), %2</source>
        <translation>SQLite %1（内置），%2</translation>
    </message>
    <message>
        <source>POSIX locks: open-file-description locks were refused here, so a program in this process that opens and closes the store's files drops its locks</source>
        <translation>POSIX 锁：此处拒绝了打开文件描述锁，因此本进程中任何打开又关闭存储库文件的程序都会使其锁失效</translation>
    </message>
</context>
<context>
    <name>ledger::Errors</name>
    <message>
        <source>no error</source>
        <translation>没有错误</translation>
    </message>
    <message>
        <source>the command line is not of the documented form</source>
        <translation>命令行不符合文档中的格式</translation>
    </message>
    <message>
        <source>no such command</source>
        <translation>没有这个命令</translation>
    </message>
    <message>
        <source>no such option for this command</source>
        <translation>此命令没有这个选项</translation>
    </message>
    <message>
        <source>a required argument or option value is missing</source>
        <translation>缺少必需的参数或选项值</translation>
    </message>
    <message>
        <source>more arguments than the command takes</source>
        <translation>参数多于命令所接受的数量</translation>
    </message>
    <message>
        <source>an option value is malformed</source>
        <translation>选项值格式错误</translation>
    </message>
    <message>
        <source>an amount is not a positive decimal of the ledger's scale</source>
        <translation>金额不是符合账本小数位数的正十进制数</translation>
    </message>
    <message>
        <source>an account id is empty, too long or has characters outside [A-Za-z0-9._-]</source>
        <translation>账户 ID 为空、过长或包含 [A-Za-z0-9._-] 以外的字符</translation>
    </message>
    <message>
        <source>a transaction id is malformed</source>
        <translation>交易 ID 格式错误</translation>
    </message>
    <message>
        <source>an idempotency key is empty, too long or not printable ASCII</source>
        <translation>幂等键为空、过长或不是可打印 ASCII 字符</translation>
    </message>
    <message>
        <source>a name, memo, reason or operator name is too long or has control characters</source>
        <translation>名称、备注、原因或操作员姓名过长或包含控制字符</translation>
    </message>
    <message>
        <source>a duration is not like 90s, 30m, 2h or 1d</source>
        <translation>时长不是 90s、30m、2h 或 1d 这样的形式</translation>
    </message>
    <message>
        <source>a scale is not a whole number from 0 to 18</source>
        <translation>小数位数不是 0 到 18 之间的整数</translation>
    </message>
    <message>
        <source>a crash step is not one of the protocol's writes</source>
        <translation>崩溃步骤不是协议中的某次写入</translation>
    </message>
    <message>
        <source>a transaction state name does not exist</source>
        <translation>交易状态名称不存在</translation>
    </message>
    <message>
        <source>source and destination are the same account</source>
        <translation>付款方和收款方是同一个账户</translation>
    </message>
    <message>
        <source>no account has that id</source>
        <translation>没有这个 ID 的账户</translation>
    </message>
    <message>
        <source>an account with that id already exists</source>
        <translation>这个 ID 的账户已存在</translation>
    </message>
    <message>
        <source>the account is frozen and takes part in no new transfer</source>
        <translation>账户已冻结，不参与任何新的转账</translation>
    </message>
    <message>
        <source>the account is closed</source>
        <translation>账户已关闭</translation>
    </message>
    <message>
        <source>the account still has a balance or holds</source>
        <translation>账户仍有余额或预留</translation>
    </message>
    <message>
        <source>the system account @world cannot be changed</source>
        <translation>系统账户 @world 不能更改</translation>
    </message>
    <message>
        <source>the source's available amount is too small</source>
        <translation>付款方的可用金额不足</translation>
    </message>
    <message>
        <source>the result would not fit the ledger's 64-bit amounts</source>
        <translation>结果超出账本 64 位金额的范围</translation>
    </message>
    <message>
        <source>the idempotency key was used for a different request</source>
        <translation>幂等键已用于另一个请求</translation>
    </message>
    <message>
        <source>no transaction has that id</source>
        <translation>没有这个 ID 的交易</translation>
    </message>
    <message>
        <source>the action is not allowed in the transaction's state</source>
        <translation>交易当前的状态不允许此操作</translation>
    </message>
    <message>
        <source>someone else moved the transaction first</source>
        <translation>他人先处理了这笔交易</translation>
    </message>
    <message>
        <source>a leg marker contradicts the transaction's state</source>
        <translation>分录标记与交易的状态相矛盾</translation>
    </message>
    <message>
        <source>a fault hook stopped the flow after a write (tests, demo)</source>
        <translation>故障钩子在一次写入后停止了流程（测试、演示）</translation>
    </message>
    <message>
        <source>audit found invariant violations</source>
        <translation>审计发现违反不变量</translation>
    </message>
    <message>
        <source>init refuses to overwrite an existing file</source>
        <translation>init 拒绝覆盖已有的文件</translation>
    </message>
    <message>
        <source>a change-feed cursor is not one this store handed out</source>
        <translation>变更流游标不是此存储库给出的</translation>
    </message>
    <message>
        <source>this kind of store does not offer the operation (yet)</source>
        <translation>这种存储库（暂时）不提供此操作</translation>
    </message>
    <message>
        <source>an export file could not be written (permission, full disk)</source>
        <translation>无法写入导出文件（权限、磁盘已满）</translation>
    </message>
    <message>
        <source>the server could not listen on the address (in use, not local)</source>
        <translation>服务器无法在该地址上监听（已被占用、不是本地地址）</translation>
    </message>
    <message>
        <source>the store cannot be opened</source>
        <translation>存储库无法打开</translation>
    </message>
    <message>
        <source>the file is not a LedgerDesk store</source>
        <translation>该文件不是 LedgerDesk 存储库</translation>
    </message>
    <message>
        <source>the store file is damaged</source>
        <translation>存储库文件已损坏</translation>
    </message>
    <message>
        <source>the store was written by a newer LedgerDesk</source>
        <translation>存储库由更新版本的 LedgerDesk 写入</translation>
    </message>
    <message>
        <source>the file is one shard of a sharded store; open its topology file instead</source>
        <translation>该文件是分片存储库的一个分片；请改为打开其拓扑文件</translation>
    </message>
    <message>
        <source>a shard file is not the shard its topology file names (other store, index or count)</source>
        <translation>分片文件不是其拓扑文件所指的分片（存储库、序号或数量不符）</translation>
    </message>
    <message>
        <source>the store or its directory cannot be written</source>
        <translation>存储库或其所在目录无法写入</translation>
    </message>
    <message>
        <source>the store stayed locked past the busy timeout</source>
        <translation>存储库被锁定，超过了忙等待超时</translation>
    </message>
    <message>
        <source>the disk or the store's size limit is full</source>
        <translation>磁盘或存储库的大小上限已满</translation>
    </message>
    <message>
        <source>the database reported an unexpected error</source>
        <translation>数据库报告了意外错误</translation>
    </message>
    <message>
        <source>a bug in LedgerDesk</source>
        <translation>LedgerDesk 的缺陷</translation>
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
        <source>shards on PostgreSQL: one database URI per shard, separated by spaces (--store names X.json)</source>
        <translation>PostgreSQL 上的分片：每个分片一个数据库 URI，以空格分隔（--store 指定 X.json）</translation>
    </message>
    <message>
        <source>create a new store (refuses to overwrite anything)</source>
        <translation>创建新的存储库（拒绝覆盖任何内容）</translation>
    </message>
    <message>
        <source>Without --shards the store is one SQLite file, or with --store postgresql://... one PostgreSQL
database (created when it does not exist and you may). With --shards N, --store names the
store's topology file, which must end in .json: init writes the shard files X.shard-0.db ...
X.shard-&lt;N-1&gt;.db beside it, then X.json, which every command then opens as the store. With
--servers 'postgresql://a/ledger postgresql://b/ledger' the shards are those databases, on
one server or several (passwords go in ~/.pgpass, never in the URIs: X.json keeps them).
Accounts are placed by their id and transfers by their key (or id); the shard count is
fixed for the life of the store. Each shard makes every write durable before the next.</source>
        <translation>不带 --shards 时，存储库是一个 SQLite 文件；或者用 --store postgresql://... 时是一个 PostgreSQL
数据库（不存在且您有权限时会创建）。带 --shards N 时，--store 指定存储库的拓扑文件，
文件名必须以 .json 结尾：init 在它旁边写入分片文件 X.shard-0.db ... X.shard-&lt;N-1&gt;.db，
然后写入 X.json，之后每个命令都把它作为存储库打开。带
--servers 'postgresql://a/ledger postgresql://b/ledger' 时，分片就是这些数据库，可在
同一台或多台服务器上（密码放在 ~/.pgpass 中，绝不写进 URI：X.json 会保存 URI）。
账户按 ID 分配，转账按幂等键（或 ID）分配；分片数量在存储库的整个生命周期内
固定不变。每个分片都会让每次写入在下一次写入之前持久化。</translation>
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
        <source>idempotency key: the same key and request never pays twice</source>
        <translation>幂等键：相同的键和请求绝不会支付两次</translation>
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
        <source>AMOUNT is a positive decimal with at most the ledger's scale of decimals, e.g. 12.34.
@world may be the source (money entering) or the destination (money leaving).</source>
        <translation>AMOUNT 是正的十进制数，小数位数不超过账本的小数位数，例如 12.34。
@world 可以作为付款方（资金流入）或收款方（资金流出）。</translation>
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
        <source>worker threads or clients, 1-64 (default 4)</source>
        <translation>工作线程或客户端数，1-64（默认 4）</translation>
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
        <source>console: transactions in the store (default 1000000)</source>
        <translation>console：存储库中的交易数（默认 1000000）</translation>
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
        <source>SCENARIO is one of:
  raw        the store's bare single-document commit rate (its limit), on 1 and N threads
  transfers  random transfers on N threads: transfers/s, latency, protocol efficiency
  seed       the MongoDB schema book's scenario: 25 x 1,000 transfers, published figures beside
  recover    a backlog stuck in every unfinished state, drained by recovery
  shards     transfers at synchronous=FULL on one file and on 1, 2, 4 shard files
  console    the console on 1,000,000 transactions: open, last row, filter, sort, peak RSS
  all        each of the above with its defaults (the README's table)
The scratch store is made beside the --store location (same disk) and removed afterwards.</source>
        <translation>SCENARIO 是以下之一：
  raw        存储库单文档裸提交的速率（其上限），在 1 个和 N 个线程上
  transfers  在 N 个线程上随机转账：每秒转账数、延迟、协议效率
  seed       MongoDB 模式设计一书中的场景：25 x 1,000 笔转账，并列出已发表的数据
  recover    卡在各个未完成状态的积压交易，由恢复处理完毕
  shards     在 synchronous=FULL 下于单个文件及 1、2、4 个分片文件上转账
  console    控制台在 1,000,000 笔交易上：打开、最后一行、筛选、排序、峰值 RSS
  all        以默认设置依次运行以上各项（即 README 中的表格）
临时存储库建在 --store 位置旁边（同一磁盘上），结束后删除。</translation>
    </message>
    <message>
        <source>show help for a command</source>
        <translation>显示某个命令的帮助</translation>
    </message>
    <message>
        <source>the store: a file, a sharded store's X.json, or postgresql://user@host:port/db?sslmode=...
                        (default: $LEDGERDESK_STORE, else ledger.db in your data directory)</source>
        <translation>存储库：一个文件、分片存储库的 X.json，或 postgresql://user@host:port/db?sslmode=...
                        （默认：$LEDGERDESK_STORE，否则为数据目录中的 ledger.db）</translation>
    </message>
    <message>
        <source>your name in the journal (default: $LEDGERDESK_OPERATOR, else $USER)</source>
        <translation>您在日志中的名字（默认：$LEDGERDESK_OPERATOR，否则为 $USER）</translation>
    </message>
    <message>
        <source>exit with status 86 right after this protocol write (training, tests): %1</source>
        <translation>在此协议写入之后立即以状态 86 退出（培训、测试）：%1</translation>
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
        <source>'%1' needs a subcommand: create, freeze, unfreeze, close or show</source>
        <translation>'%1' 需要一个子命令：create、freeze、unfreeze、close 或 show</translation>
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
        <source>%1 takes %2 argument(s); %3 is one too many</source>
        <translation>%1 接受 %2 个参数；%3 是多余的</translation>
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
        <source>--servers needs at least one postgresql:// URI</source>
        <translation>--servers 至少需要一个 postgresql:// URI</translation>
    </message>
    <message>
        <source>created sharded store %1 over %2 PostgreSQL database(s) (scale %3: amounts like %4)</source>
        <translation>已创建分片存储库 %1，分布在 %2 个 PostgreSQL 数据库上（小数位数 %3：金额形如 %4）</translation>
    </message>
    <message>
        <source>created sharded store %1 over %2 shard file(s) beside it (scale %3: amounts like %4)</source>
        <translation>已创建分片存储库 %1，分布在它旁边的 %2 个分片文件上（小数位数 %3：金额形如 %4）</translation>
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
        <source>%1 finding(s)</source>
        <translation>%1 项发现</translation>
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
        <translation>已于 %1 前过期</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2 前）</translation>
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
        <source>exit status: 0 success; 1 refused by a rule of the ledger, or audit findings;
2 bad usage or input; 3 store unavailable or unusable; 86 injected crash.
Errors go to stderr as 'error: &lt;code&gt;: &lt;message&gt;' ('ledgerctl errors' lists the codes).
'ledgerctl help COMMAND' shows a command's options.</source>
        <translation>退出状态：0 成功；1 被账本规则拒绝，或审计有发现；
2 用法或输入有误；3 存储库不可用或无法使用；86 注入的崩溃。
错误以 'error: &lt;code&gt;: &lt;message&gt;' 的形式写到标准错误（'ledgerctl errors' 列出所有错误码）。
'ledgerctl help COMMAND' 显示某个命令的选项。</translation>
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
</context>
</TS>