#include "aws/awsretry.h"

#include <QRandomGenerator>
#include <QThread>
#include <algorithm>

namespace ledger::aws {

namespace {
constexpr qint64 kFirstCapMs = 25;
constexpr qint64 kLastCapMs = 2000;
} // namespace

qint64 backoffCapMs(int retry) { return std::min<qint64>(kLastCapMs, kFirstCapMs << std::clamp(retry - 1, 0, 10)); }

RetryBudget::RetryBudget(int maxAttempts, int retryForMs)
    : m_maxAttempts(maxAttempts)
    , m_retryForMs(retryForMs)
{
    m_elapsed.start();
}

bool RetryBudget::allowsAnother(int attempt) const { return attempt < m_maxAttempts && m_elapsed.elapsed() < m_retryForMs; }

void RetryBudget::waitAfter(int attempt)
{
    QThread::msleep(static_cast<unsigned long>(QRandomGenerator::global()->bounded(backoffCapMs(attempt)) + 1));
}

} // namespace ledger::aws
