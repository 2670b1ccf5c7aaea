// libFuzzer target: ledgerd's request bodies. Whatever the bytes, decoding a transfer, a new
// account, a recovery's start or a reason returns a value or a bad-input error (exit status 2 in ledgerctl's terms,
// 400 over HTTP) with a message — never a crash, never a store or internal error — and a
// decoded transfer goes through the same checks as ledgerctl's arguments without crashing.
#include "apidecode.h"

#include <cstdint>
#include <cstdlib>

namespace {

void mustBeBadInput(const ledger::Error &e)
{
    if (ledger::exitStatusOf(e.code) != ledger::ExitStatus::BadInput || e.message.isEmpty())
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    auto transfer = ledger::api::decodeTransfer(body);
    if (!transfer.ok()) {
        mustBeBadInput(transfer.error());
    } else if (auto *two = std::get_if<ledger::TransferInput>(&*transfer)) {
        const auto check = ledger::checkTransferInput(*two, 2);
        if (!check.request)
            mustBeBadInput(check.first());
    } else {
        const auto check = ledger::checkLegsInput(std::get<ledger::LegsInput>(*transfer), 2);
        if (!check.request)
            mustBeBadInput(check.first());
    }
    if (auto account = ledger::api::decodeNewAccount(body); !account.ok())
        mustBeBadInput(account.error());
    if (auto reason = ledger::api::decodeText(body, QStringLiteral("reason"), false); !reason.ok())
        mustBeBadInput(reason.error());
    if (auto recovery = ledger::api::decodeRecovery(body); !recovery.ok())
        mustBeBadInput(recovery.error());
    // A plan's and a batch repair's {"action","ids","reason"}: at most the ids it allows.
    if (auto batch = ledger::api::decodeBatch(body, 100, true); !batch.ok())
        mustBeBadInput(batch.error());
    else if (batch->ids.isEmpty() || batch->ids.size() > 100)
        std::abort();
    return 0;
}
