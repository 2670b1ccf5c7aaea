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
        <source>%1 (%2 ago)</source>
        <translation>%1（%2前）</translation>
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
    <message>
        <source>Legs</source>
        <translation>分录</translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>已过账</translation>
    </message>
    <message>
        <source>Acted on</source>
        <translation>操作对象</translation>
    </message>
</context>
<context>
    <name>duration</name>
    <message>
        <source>%1ms</source>
        <translation>%1毫秒</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1秒</translation>
    </message>
    <message>
        <source>%1m</source>
        <translation>%1分</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1分%2秒</translation>
    </message>
    <message>
        <source>%1h</source>
        <translation>%1小时</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1小时%2分</translation>
    </message>
    <message>
        <source>%1d</source>
        <translation>%1天</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1天%2小时</translation>
    </message>
</context>
<context>
    <name>ledger</name>
    <message>
        <source>account name</source>
        <translation>账户名称</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
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
        <source>%1 is %2 but still holds %3 on %4</source>
        <translation>%1 处于 %2 状态，却仍在 %4 上预留 %3</translation>
    </message>
    <message>
        <source>a %1 %2 marker of %3 on %4 belongs to no transaction</source>
        <translation>%4 上一个金额为 %3 的 %1 %2 标记不属于任何交易</translation>
    </message>
    <message>
        <source>compensation %1 names %2 as its original, which is not a transfer in this store</source>
        <translation>补偿 %1 把 %2 记为原交易，但它不是此存储库中的转账</translation>
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
        <translation>%1尚未预留</translation>
    </message>
    <message>
        <source>%1 holds %2</source>
        <translation>%1预留了 %2</translation>
    </message>
    <message>
        <source>%1 is posted</source>
        <translation>%1已过账</translation>
    </message>
    <message>
        <source>%1 is voided</source>
        <translation>%1已作废</translation>
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
        <translation>%1 为 %2，创建于 %3前，最后修改于 %4前。%5</translation>
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
        <translation>它属于 %1，其租约已于 %2前到期：该处理进程很可能已经不在了。</translation>
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
        <translation>%1 的借方分录</translation>
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
    <message>
        <source>account %1 has the status %2, which no ledger writes</source>
        <translation>账户 %1 的状态为 %2，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>the leg of %1 on account %2 has the side %3, which no ledger writes</source>
        <translation>%1 在账户 %2 上的分录方向为 %3，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>the leg of %1 on account %2 has the status %3, which no ledger writes</source>
        <translation>%1 在账户 %2 上的分录状态为 %3，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>transaction %1 is of the kind %2, which no ledger writes</source>
        <translation>交易 %1 的类型为 %2，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>transaction %1 is in the state %2, which no ledger writes</source>
        <translation>交易 %1 的状态为 %2，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>%1 is not a PostgreSQL connection string (postgresql://... or host=... dbname=...)</source>
        <translation>%1 不是 PostgreSQL 连接串（postgresql://... 或 host=... dbname=...）</translation>
    </message>
    <message>
        <source>%1 carries a password, which the topology file would keep in plain text; put it in ~/.pgpass (or the file $PGPASSFILE names) and leave it out of the connection string</source>
        <translation>%1 含有密码，拓扑文件会以明文保存它；请把密码放入 ~/.pgpass（或 $PGPASSFILE 指定的文件），不要写在连接串中</translation>
    </message>
    <message>
        <source>%1: %2; create a store there with ledgerctl init --store '%1'</source>
        <translation>%1：%2；请用 ledgerctl init --store '%1' 在那里创建存储库</translation>
    </message>
    <message>
        <source>libpq cannot read the PostgreSQL connection string (%1); write it as postgresql://user@host:port/database?option=value or as key=value pairs (host=... dbname=...)</source>
        <translation>libpq 无法读取该 PostgreSQL 连接串（%1）；请写成 postgresql://user@host:port/database?option=value 或 key=value 对（host=... dbname=...）</translation>
    </message>
    <message>
        <source>shard %1 is not a file path or a PostgreSQL connection string</source>
        <translation>分片 %1 不是文件路径，也不是 PostgreSQL 连接串</translation>
    </message>
    <message>
        <source>a transaction has from 2 to %1 legs, not %2</source>
        <translation>一笔交易有 2 到 %1 条分录，而不是 %2 条</translation>
    </message>
    <message>
        <source>the amount of %1's leg must be greater than zero</source>
        <translation>%1 这条分录的金额必须大于零</translation>
    </message>
    <message>
        <source>%1 has two legs; each leg needs an account of its own</source>
        <translation>%1 有两条分录；每条分录都需要自己的账户</translation>
    </message>
    <message>
        <source>the legs add up to more than the largest amount</source>
        <translation>各分录合计超过了最大金额</translation>
    </message>
    <message>
        <source>a transaction needs at least one debit and one credit</source>
        <translation>一笔交易至少需要一条借记和一条贷记</translation>
    </message>
    <message>
        <source>the debits add up to %1 and the credits to %2: a transaction must balance</source>
        <translation>借记合计为 %1，贷记合计为 %2：一笔交易必须借贷平衡</translation>
    </message>
    <message>
        <source>the debit on %1</source>
        <translation>%1 的借方分录</translation>
    </message>
    <message>
        <source>The transfer is decided: the money must move. Only posting its legs is left.</source>
        <translation>这笔转账已经决定：资金必须移动。只剩下为其分录过账。</translation>
    </message>
    <message>
        <source>Resume it: the holds are placed again (those already there are kept) and, if all succeed, the money moves (%1). If a hold is refused (funds, frozen account) it is canceled instead and every hold is released. Cancel it instead if the transfer should not happen.</source>
        <translation>继续执行：重新预留（已有的预留保留），全部成功后资金移动（%1）。若某个预留被拒绝（资金不足、账户冻结），则改为取消并释放所有预留。如果这笔转账不应发生，请改为取消它。</translation>
    </message>
    <message>
        <source>Resume it: every leg is posted and the money moves (%1). It cannot be canceled any more; to undo it, compensate it once it is done.</source>
        <translation>继续执行：为每条分录过账，资金移动（%1）。它已不能再取消；如需撤销，请在完成后补偿它。</translation>
    </message>
    <message>
        <source>Resume it: the cancel is finished, every leg is voided and every hold is released. No money moves.</source>
        <translation>继续执行：完成取消，作废每条分录并释放所有预留。资金不发生移动。</translation>
    </message>
    <message>
        <source>Nothing is stuck. If the transfer was wrong, compensate it: every leg is reversed (%1).</source>
        <translation>没有卡住。如果这笔转账有误，请补偿它：每条分录都会被冲回（%1）。</translation>
    </message>
    <message>
        <source>%1 is done: every leg is posted and no hold is left.</source>
        <translation>%1 已完成：每条分录都已过账，没有遗留预留。</translation>
    </message>
    <message>
        <source>%1 moves from %2 to %3</source>
        <translation>%1 从 %2 转到 %3</translation>
    </message>
    <message>
        <source>%1 moves (%2)</source>
        <translation>%1 移动（%2）</translation>
    </message>
    <message>
        <source>completes it: %1</source>
        <translation>完成它：%1</translation>
    </message>
    <message>
        <source>finishes it, then reverses every leg: %1</source>
        <translation>先完成它，再冲回每条分录：%1</translation>
    </message>
    <message>
        <source>reverses every leg: %1</source>
        <translation>冲回每条分录：%1</translation>
    </message>
    <message>
        <source>%1 on %2 %3</source>
        <translation>%2 上的 %1 %3</translation>
    </message>
    <message>
        <source>%1 has a %2 marker on %3, which is not one of its accounts</source>
        <translation>%1 在 %3 上有一个 %2 标记，但 %3 不是它的账户之一</translation>
    </message>
    <message>
        <source>%1 is initial but has leg markers (%2)</source>
        <translation>%1 处于 initial 状态，却有分录标记（%2）</translation>
    </message>
    <message>
        <source>%1 is done but not every leg is posted (%2)</source>
        <translation>%1 已完成，但并非每条分录都已过账（%2）</translation>
    </message>
    <message>
        <source>%1 is applied but not every leg is held or posted (%2)</source>
        <translation>%1 处于 applied 状态，但并非每条分录都已预留或过账（%2）</translation>
    </message>
    <message>
        <source>%1 is %2 but has a posted leg (%3)</source>
        <translation>%1 处于 %2 状态，却有已过账的分录（%3）</translation>
    </message>
    <message>
        <source>the balances of all accounts sum to %1 (with %2 for the legs of committed transactions not posted yet); they must sum to zero</source>
        <translation>所有账户的余额合计为 %1（其中 %2 为已提交交易尚未过账的分录）；合计必须为零</translation>
    </message>
    <message>
        <source>compensation %1 does not reverse %2 (its legs are %3)</source>
        <translation>补偿 %1 没有冲回 %2（它的分录是 %3）</translation>
    </message>
    <message>
        <source>taking the store's snapshots took %1 s, too long to count transactions whole; try again</source>
        <translation>获取存储库快照用了 %1 秒，太久，无法完整计入交易；请重试</translation>
    </message>
    <message>
        <source>the reading was stopped before the end</source>
        <translation>读取在结束前被停止</translation>
    </message>
    <message>
        <source>idempotency key %1 was already used by %2 for a different request (%3)</source>
        <translation>幂等键 %1 已被 %2 用于另一个请求（%3）</translation>
    </message>
    <message>
        <source>%1: the number after ':' says which time the step commits, from 1 to %2</source>
        <translation>%1：':' 后的数字表示该步骤第几次提交，从 1 到 %2</translation>
    </message>
    <message>
        <source>--%1 takes ACCOUNT:AMOUNT, e.g. alice:12.34, not %2</source>
        <translation>--%1 的格式是 账户:金额，例如 alice:12.34，而不是 %2</translation>
    </message>
    <message>
        <source>transaction %1 has legs that do not balance or cannot be read</source>
        <translation>交易 %1 的分录借贷不平衡或无法读取</translation>
    </message>
    <message>
        <source>it is past its commit point (every leg held, the transfer decided); resume it to finish, then compensate</source>
        <translation>它已过提交点（每条分录都已预留，转账已成定局）；请继续执行以完成它，然后再补偿</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>%1 is %2: it has finished, there is nothing to be on</source>
        <translation>%1 为 %2：它已结束，无需处理</translation>
    </message>
    <message>
        <source>nobody has claimed %1</source>
        <translation>没有人接手 %1</translation>
    </message>
    <message>
        <source>spreading the history over the last week</source>
        <translation>正在把历史分布到过去一周</translation>
    </message>
    <message>
        <source>the connection broke while the demo's history was written; make the demo again in a new store</source>
        <translation>写入演示历史时连接中断；请在新的存储库中重新生成演示</translation>
    </message>
    <message>
        <source>%1 is a JSON file, not a LedgerDesk store (an export? a store is a .db file, or the topology .json of a sharded store)</source>
        <translation>%1 是 JSON 文件，不是 LedgerDesk 存储库（是导出文件吗？存储库是 .db 文件，或分片存储库的拓扑 .json 文件）</translation>
    </message>
    <message>
        <source>%1 is a text file, not a LedgerDesk store (an export? a store is a .db file)</source>
        <translation>%1 是文本文件，不是 LedgerDesk 存储库（是导出文件吗？存储库是 .db 文件）</translation>
    </message>
    <message>
        <source>a journal row of %1 is of the document kind %2, which no ledger writes</source>
        <translation>%1 的一条日志记录的文档类型为 %2，这不是任何账本会写入的值</translation>
    </message>
    <message>
        <source>has the unit %1, which is not one of ms, s, m, h or d</source>
        <translation>的单位 %1 不是 ms、s、m、h、d 之一</translation>
    </message>
    <message>
        <source>repeats a unit or puts a smaller one first</source>
        <translation>重复了单位，或把较小的单位写在前面</translation>
    </message>
    <message>
        <source>amount %1 has a decimal comma; write it with a point: %2</source>
        <translation>金额 %1 用逗号作小数点；请用句点：%2</translation>
    </message>
    <message>
        <source>AWS profile %1 is in neither %2 nor %3</source>
        <translation>AWS 配置文件 %1 既不在 %2 中，也不在 %3 中</translation>
    </message>
    <message>
        <source>AWS profile %1 has aws_access_key_id but no aws_secret_access_key</source>
        <translation>AWS 配置文件 %1 有 aws_access_key_id，但没有 aws_secret_access_key</translation>
    </message>
    <message>
        <source>AWS profile %1 gets its credentials by %2, which LedgerDesk does not run: export them first (eval "$(aws configure export-credentials --profile %1 --format env)")</source>
        <translation>AWS 配置文件 %1 通过 %2 获取凭证，LedgerDesk 不会运行它：请先导出凭证（eval "$(aws configure export-credentials --profile %1 --format env)"）</translation>
    </message>
    <message>
        <source>no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a profile of %1 with profile= in the location or AWS_PROFILE</source>
        <translation>没有 AWS 凭证：请设置 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或在位置中用 profile= 或通过 AWS_PROFILE 指定 %1 中的配置文件</translation>
    </message>
    <message>
        <source>no AWS region: name it in the location (dynamodb://REGION/PREFIX), or set AWS_REGION, or region in the profile</source>
        <translation>没有 AWS 区域：请在位置中给出（dynamodb://REGION/PREFIX），或设置 AWS_REGION，或在配置文件中设置 region</translation>
    </message>
    <message>
        <source>%1 is not an AWS region name</source>
        <translation>%1 不是 AWS 区域名</translation>
    </message>
    <message>
        <source>a table of the store is missing (%1); ledgerctl init creates them</source>
        <translation>存储库缺少一张表（%1）；ledgerctl init 会创建它们</translation>
    </message>
    <message>
        <source>DynamoDB refused the credentials or their permissions (%1)</source>
        <translation>DynamoDB 拒绝了凭证或其权限（%1）</translation>
    </message>
    <message>
        <source>DynamoDB kept throttling the store (%1)</source>
        <translation>DynamoDB 一直在限流此存储库（%1）</translation>
    </message>
    <message>
        <source>DynamoDB at %1 did not answer %2: %3</source>
        <translation>%1 上的 DynamoDB 没有应答 %2：%3</translation>
    </message>
    <message>
        <source>%1 is not a dynamodb:// location</source>
        <translation>%1 不是 dynamodb:// 位置</translation>
    </message>
    <message>
        <source>a dynamodb:// location carries no credentials (they would be shown wherever the location is): use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or profile=NAME</source>
        <translation>dynamodb:// 位置中不能带凭证（位置会在各处显示）：请使用 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或 profile=NAME</translation>
    </message>
    <message>
        <source>%1 is not an AWS region name (like eu-west-1)</source>
        <translation>%1 不是 AWS 区域名（例如 eu-west-1）</translation>
    </message>
    <message>
        <source>a dynamodb:// location names its tables' prefix after the region (dynamodb://REGION/PREFIX; letters, digits, '_', '.', '-', at most 200)</source>
        <translation>dynamodb:// 位置在区域之后给出表名前缀（dynamodb://REGION/PREFIX；字母、数字、'_'、'.'、'-'，最多 200 个）</translation>
    </message>
    <message>
        <source>endpoint=%1 is not an http:// or https:// URL</source>
        <translation>endpoint=%1 不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>endpoint=%1 carries credentials: use the environment or a profile</source>
        <translation>endpoint=%1 带有凭证：请使用环境变量或配置文件</translation>
    </message>
    <message>
        <source>max_attempts=%1 is not a whole number from 1 to 100</source>
        <translation>max_attempts=%1 不是 1 到 100 之间的整数</translation>
    </message>
    <message>
        <source>%1=%2 is not a number of seconds from 1 to 600</source>
        <translation>%1=%2 不是 1 到 600 之间的秒数</translation>
    </message>
    <message>
        <source>feed_delay_ms=%1 is not a number of milliseconds from 0 to 600000</source>
        <translation>feed_delay_ms=%1 不是 0 到 600000 之间的毫秒数</translation>
    </message>
    <message>
        <source>a dynamodb:// location has no option %1 (it knows endpoint, profile, max_attempts, connect_timeout, read_timeout, feed_delay_ms)</source>
        <translation>dynamodb:// 位置没有选项 %1（已知选项：endpoint、profile、max_attempts、connect_timeout、read_timeout、feed_delay_ms）</translation>
    </message>
    <message>
        <source>no LedgerDesk store at %1 (its tables are missing: ledgerctl init creates them)</source>
        <translation>%1 没有 LedgerDesk 存储库（缺少它的表：ledgerctl init 会创建它们）</translation>
    </message>
    <message>
        <source>no LedgerDesk store at %1 (its tables are there but not its description: an init that did not finish?)</source>
        <translation>%1 没有 LedgerDesk 存储库（表已存在但缺少描述：init 没有完成？）</translation>
    </message>
    <message>
        <source>the store at %1 has schema %2; this LedgerDesk knows up to %3</source>
        <translation>%1 上的存储库是第 %2 版结构；此 LedgerDesk 最高只认识第 %3 版</translation>
    </message>
    <message>
        <source>the table %1 already exists: init makes a new store only (choose another prefix)</source>
        <translation>表 %1 已存在：init 只创建新存储库（请换一个前缀）</translation>
    </message>
    <message>
        <source>the store has no part %1</source>
        <translation>存储库没有第 %1 部分</translation>
    </message>
    <message>
        <source>LedgerDesk does not know the scheme %1:// (a store is a file path, a postgresql:// URI, host=... dbname=... pairs or dynamodb://REGION/PREFIX)</source>
        <translation>LedgerDesk 不认识 %1:// 方案（存储库是文件路径、postgresql:// URI、host=... dbname=... 键值对或 dynamodb://REGION/PREFIX）</translation>
    </message>
    <message>
        <source>a DynamoDB store is not sharded by LedgerDesk (DynamoDB spreads its tables itself): leave out --shards and --servers</source>
        <translation>DynamoDB 存储库不由 LedgerDesk 分片（DynamoDB 自己分布它的表）：请不要使用 --shards 和 --servers</translation>
    </message>
    <message>
        <source>endpoint=%1 has a path: DynamoDB's API is at the root of its host</source>
        <translation>endpoint=%1 带有路径：DynamoDB 的 API 位于主机的根路径</translation>
    </message>
    <message>
        <source>DynamoDB answered none of %1 item reads ten times over; try again</source>
        <translation>DynamoDB 连续十次未答复 %1 个条目读取中的任何一个；请重试</translation>
    </message>
    <message>
        <source>claimed by %1 since %2: left %3 for them to resume or cancel; ask again later</source>
        <translation>自 %2 起已由 %1 接手：保持 %3，由其决定恢复或取消；请稍后再试</translation>
    </message>
    <message>
        <source>amount is %1 characters long; the limit is %2</source>
        <translation>金额长 %1 个字符；上限为 %2</translation>
    </message>
    <message>
        <source>%1 is initial: accepted, not started; no money has moved</source>
        <translation>%1 处于 initial：已受理，尚未开始；没有任何资金变动</translation>
    </message>
    <message>
        <source>%1 is pending: accepted, not finished; no money has moved yet</source>
        <translation>%1 处于 pending：已受理，尚未完成；资金尚未变动</translation>
    </message>
    <message>
        <source>%1 is applied: past its commit point, its money will move, but it is not all posted yet</source>
        <translation>%1 处于 applied：已过提交点，资金必将变动，但尚未全部过账</translation>
    </message>
    <message>
        <source>%1 is canceling: no money will move, but its holds are not all released yet</source>
        <translation>%1 处于 canceling：不会有资金变动，但其预留尚未全部释放</translation>
    </message>
    <message>
        <source>Resume it: every leg is already posted, so the money has moved (%1); resuming only marks it done. It cannot be canceled any more; to undo it, compensate it once it is done.</source>
        <translation>继续执行：每条分录都已过账，资金已经移动（%1）；继续执行只会把它标记为完成。它已不能再取消；如需撤销，请在完成后补偿它。</translation>
    </message>
    <message>
        <source>Resume it: both legs are already posted, so %1 has moved from %2 to %3; resuming only marks it done. It cannot be canceled any more; to undo it, compensate it once it is done.</source>
        <translation>继续执行它：两笔分录都已过账，%1 已从 %2 转到 %3；继续执行只会把它标记为完成。它已不能再取消；要撤销，请在完成后补偿它。</translation>
    </message>
    <message>
        <source>name: %1</source>
        <comment>an account's creation in Operator actions: the name it was given</comment>
        <translation>名称：%1</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <comment>an age range of the age chart: from, to</comment>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1+</source>
        <comment>the age chart's last range: this age or more</comment>
        <translation>%1+</translation>
    </message>
    <message>
        <source>completes it: every leg is already posted, so the money has moved (%1); only its state changes</source>
        <translation>完成它：每条分录都已过账，资金已经移动（%1）；只有其状态改变</translation>
    </message>
    <message>
        <source>completes it: both legs are already posted, so %1 has moved from %2 to %3; only its state changes</source>
        <translation>完成它：两笔分录都已过账，%1 已从 %2 转到 %3；只有其状态改变</translation>
    </message>
    <message>
        <source>%1 is a JSON file, not a LedgerDesk store (a store is an SQLite database)</source>
        <translation>%1 是 JSON 文件，不是 LedgerDesk 存储库（存储库是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>%1 is a text file, not a LedgerDesk store (a store is an SQLite database)</source>
        <translation>%1 是文本文件，不是 LedgerDesk 存储库（存储库是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>LEDGER_STEP_GATE must name a folder that exists, not %1</source>
        <translation>LEDGER_STEP_GATE 必须指定一个已存在的文件夹，而不是 %1</translation>
    </message>
    <message>
        <source>idempotency key %1 was already used by %2 for %3 on %4; use a new key for a new request</source>
        <translation>幂等键 %1 已被 %2 用于 %4 上的 %3；新的请求请使用新的键</translation>
    </message>
    <message>
        <source>shard %1 of a store of %2 shards</source>
        <translation>分片 %1，而存储库共有 %2 个分片</translation>
    </message>
    <message>
        <source>the data lake %1 cannot be written: %2 %3: %4</source>
        <translation>数据湖 %1 无法写入：%2 %3：%4</translation>
    </message>
    <message>
        <source>another sync is writing the data lake %1 (it holds %2); one writer at a time</source>
        <translation>另一个同步正在写入数据湖 %1（它持有 %2）；同一时间只允许一个写入者</translation>
    </message>
    <message>
        <source>there is no data lake at %1 (no such folder)</source>
        <translation>%1 处没有数据湖（没有这个文件夹）</translation>
    </message>
    <message>
        <source>the data lake's %1 cannot be read: %2</source>
        <translation>数据湖的 %1 无法读取：%2</translation>
    </message>
    <message>
        <source>%1 is not a LedgerDesk lake checkpoint (%2)</source>
        <translation>%1 不是 LedgerDesk 数据湖的检查点（%2）</translation>
    </message>
    <message>
        <source>data lake %1: %2</source>
        <translation>数据湖 %1：%2</translation>
    </message>
    <message>
        <source>give a folder or s3://BUCKET/PREFIX</source>
        <translation>请给出一个文件夹或 s3://BUCKET/PREFIX</translation>
    </message>
    <message>
        <source>the scheme %1:// is not one of a data lake's (a folder, or s3://BUCKET/PREFIX)</source>
        <translation>%1:// 不是数据湖的方案（应为文件夹，或 s3://BUCKET/PREFIX）</translation>
    </message>
    <message>
        <source>not a URL (%1)</source>
        <translation>不是 URL（%1）</translation>
    </message>
    <message>
        <source>credentials do not go in the URL: use a profile (profile=) or the AWS variables, as the AWS CLI does</source>
        <translation>凭证不能写在 URL 中：请像 AWS CLI 那样使用配置文件（profile=）或 AWS 环境变量</translation>
    </message>
    <message>
        <source>a bucket has no port: give the server as endpoint=http://HOST:PORT</source>
        <translation>存储桶没有端口：请用 endpoint=http://HOST:PORT 指定服务器</translation>
    </message>
    <message>
        <source>%1 is not a bucket name (3-63 lower-case letters, digits, '.' and '-')</source>
        <translation>%1 不是存储桶名称（3-63 个小写字母、数字、'.' 和 '-'）</translation>
    </message>
    <message>
        <source>the prefix %1 has an empty or '..' part</source>
        <translation>前缀 %1 含有空的或 '..' 部分</translation>
    </message>
    <message>
        <source>%1= is given twice</source>
        <translation>%1= 给出了两次</translation>
    </message>
    <message>
        <source>endpoint=%1 is not http(s)://HOST[:PORT]</source>
        <translation>endpoint=%1 不是 http(s)://HOST[:PORT]</translation>
    </message>
    <message>
        <source>region=%1 is not a region name</source>
        <translation>region=%1 不是区域名称</translation>
    </message>
    <message>
        <source>profile= is empty</source>
        <translation>profile= 为空</translation>
    </message>
    <message>
        <source>%1= is not known (endpoint=, region=, profile=)</source>
        <translation>未知的 %1=（可用 endpoint=、region=、profile=）</translation>
    </message>
    <message>
        <source>%1 %2: a size is a whole number of bytes with B, KB, MB, GB, KiB, MiB or GiB, at least 1KB (for example 64MB)</source>
        <translation>%1 %2：大小是一个字节整数，可带 B、KB、MB、GB、KiB、MiB 或 GiB，至少 1KB（例如 64MB）</translation>
    </message>
    <message>
        <source>the data lake was written from a store of %1 shards; this one has %2</source>
        <translation>该数据湖由一个有 %1 个分片的存储库写入；此存储库有 %2 个</translation>
    </message>
    <message>
        <source>the data lake holds shard %1 up to position %2, past this store's last finish (%3): it was written from another store (%4)</source>
        <translation>数据湖中分片 %1 已到位置 %2，超过了此存储库的最后一次结束（%3）：它是由另一个存储库写入的（%4）</translation>
    </message>
    <message>
        <source>the data lake's %1 is not whole gzip: it was not written by LedgerDesk</source>
        <translation>数据湖的 %1 不是完整的 gzip：它不是由 LedgerDesk 写入的</translation>
    </message>
    <message>
        <source>no AWS credentials for S3: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a profile of %1 with profile= in the location or AWS_PROFILE</source>
        <translation>没有用于 S3 的 AWS 凭证：请设置 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或在位置中用 profile= 或通过 AWS_PROFILE 指定 %1 中的配置文件</translation>
    </message>
    <message>
        <source>no AWS region for S3: name it in the location (s3://BUCKET/PREFIX?region=REGION), or set AWS_REGION, or region in the profile</source>
        <translation>没有用于 S3 的 AWS 区域：请在位置中给出（s3://BUCKET/PREFIX?region=REGION），或设置 AWS_REGION，或在配置文件中设置 region</translation>
    </message>
    <message>
        <source>%1 is not an S3 bucket name: 3 to 63 lower-case letters, digits, '.' and '-', starting and ending with a letter or a digit</source>
        <translation>%1 不是 S3 存储桶名称：应为 3 到 63 个小写字母、数字、'.' 和 '-'，以字母或数字开头和结尾</translation>
    </message>
    <message>
        <source>the S3 endpoint %1 is not an http:// or https:// address of a host</source>
        <translation>S3 端点 %1 不是主机的 http:// 或 https:// 地址</translation>
    </message>
    <message>
        <source>S3 at %1 did not answer %2 %3: %4</source>
        <translation>%1 上的 S3 未应答 %2 %3：%4</translation>
    </message>
    <message>
        <source>bucket %1 does not exist</source>
        <translation>存储桶 %1 不存在</translation>
    </message>
    <message>
        <source>S3 refused the credentials (%1)</source>
        <translation>S3 拒绝了凭证（%1）</translation>
    </message>
    <message>
        <source>the data lake %1 cannot be reached: %2</source>
        <translation>无法访问数据湖 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not an approval request's id (apr- and 32 hex digits)</source>
        <translation>%1 不是审批请求的 id（apr- 加 32 位十六进制数字）</translation>
    </message>
    <message>
        <source>approval request %1 cannot move from version %2 to %3: each move writes the next version</source>
        <translation>审批请求 %1 不能从版本 %2 变为 %3：每次变更都写入下一个版本</translation>
    </message>
    <message>
        <source>approval request %1 names no document or no time of request</source>
        <translation>审批请求 %1 没有指明所属文档或请求时间</translation>
    </message>
    <message>
        <source>a list of approval requests needs a limit of 0 or more, not %1</source>
        <translation>审批请求列表的数量上限须为 0 或更多，而不是 %1</translation>
    </message>
    <message>
        <source>no approval request %1</source>
        <translation>没有审批请求 %1</translation>
    </message>
    <message>
        <source>approval request %1 has the unknown state %2</source>
        <translation>审批请求 %1 的状态 %2 未知</translation>
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
    <message>
        <source>a store location is a URI of a scheme LedgerDesk does not know (only files, postgresql:// and key=value connection strings)</source>
        <translation>存储库位置是 LedgerDesk 不认识的方案的 URI（只支持文件、postgresql:// 和 key=value 连接串）</translation>
    </message>
    <message>
        <source>the server could not listen on the address (in use, or not permitted); an address that is not loopback is invalid-argument</source>
        <translation>服务器无法在该地址上监听（已被占用，或不允许）；不是回环地址的地址属于 invalid-argument</translation>
    </message>
    <message>
        <source>accepted, not finished: the transaction is recorded but still in flight (another worker drives it, or an operator's claim holds a retry off), so its money has not (all) moved yet; look again later, or retry with the same key, never a new one</source>
        <translation>已受理，尚未完成：交易已记录但仍在进行中（由另一个处理进程推进，或操作员的认领使重试暂缓），因此资金尚未（全部）变动；请稍后再查看，或用同一个幂等键重试，切勿换新键</translation>
    </message>
    <message>
        <source>the ledger service did not accept the token (missing, mistyped or revoked)</source>
        <translation>账本服务未接受令牌（缺失、输错或已吊销）</translation>
    </message>
    <message>
        <source>the token's role does not allow the action</source>
        <translation>令牌的角色不允许此操作</translation>
    </message>
    <message>
        <source>the ledger service cannot be reached (down, restarting, or the network)</source>
        <translation>无法连接账本服务（已停止、正在重启或网络问题）</translation>
    </message>
    <message>
        <source>the ledger service's TLS certificate does not check against the trusted CAs (--ca)</source>
        <translation>账本服务的 TLS 证书无法通过受信任 CA（--ca）的校验</translation>
    </message>
    <message>
        <source>the ledger service's answer was cut before its end (the server stopped, or its store failed, mid-way): what arrived is not the whole</source>
        <translation>账本服务的应答在结束前被截断（服务器中途停止，或其存储库中途出错）：已收到的内容并不完整</translation>
    </message>
    <message>
        <source>the data lake's folder or bucket cannot be reached or written</source>
        <translation>无法访问或写入数据湖的文件夹或存储桶</translation>
    </message>
    <message>
        <source>another sync is writing the data lake</source>
        <translation>另一个同步正在写入数据湖</translation>
    </message>
    <message>
        <source>the data lake was written from another store (its checkpoint does not fit this one)</source>
        <translation>该数据湖由另一个存储库写入（其检查点与此存储库不符）</translation>
    </message>
    <message>
        <source>the action waits for a second person's approval</source>
        <translation>该操作需等待第二人审批</translation>
    </message>
    <message>
        <source>the approval request expired before anyone decided it</source>
        <translation>审批请求在有人决定之前已过期</translation>
    </message>
    <message>
        <source>what the approval request showed no longer holds</source>
        <translation>审批请求当时显示的内容已不再成立</translation>
    </message>
    <message>
        <source>the approval request was already decided</source>
        <translation>审批请求已被决定</translation>
    </message>
</context>
</TS>