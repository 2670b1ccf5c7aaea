#include "stuckcausebar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>

namespace ledger::app {

StuckCauseBar::StuckCauseBar(QWidget *parent) : QWidget(parent), m_combo(new QComboBox(this)), m_repair(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Ca&use:"), this);
    label->setBuddy(m_combo);
    m_combo->setAccessibleName(tr("Cause"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setToolTip(tr("What is stuck, grouped by the state it stopped in and its last error"));
    m_repair->setText(tr("Repair the &group…"));
    m_repair->setToolTip(tr("Resume or cancel every transaction of the group shown, with a preview first"));
    m_repair->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_repair);
    QAction *resume = menu->addAction(tr("&Resume them…"));
    QAction *cancel = menu->addAction(tr("&Cancel them…"));
    connect(resume, &QAction::triggered, this, [this] { Q_EMIT repairRequested(OperatorAction::Resume); });
    connect(cancel, &QAction::triggered, this, [this] { Q_EMIT repairRequested(OperatorAction::Cancel); });
    m_repair->setMenu(menu);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    layout->addWidget(m_repair);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &StuckCauseBar::chosenChanged);
    setCauses({});
}

QString StuckCauseBar::causeText(const QString &cause)
{
    return cause.isEmpty() ? tr("no error (its worker stopped)") : cause == kOtherCause ? tr("other errors (an operator's cancel, …)") : cause;
}

void StuckCauseBar::setCauses(const StuckCauses &causes)
{
    const std::optional<StuckCause> was = chosen();
    m_groups = causes.groups;
    qint64 total = 0;
    for (const StuckCause &g : std::as_const(m_groups))
        total += g.count;
    const QSignalBlocker quiet(m_combo); // the choice changes only if its group went away
    m_combo->clear();
    m_combo->addItem(causes.complete ? tr("every cause (%1)").arg(QLocale().toString(total))
                                     : tr("every cause (%1 read, more stuck)").arg(QLocale().toString(total)));
    int keep = 0;
    for (int i = 0; i < m_groups.size(); ++i) {
        const StuckCause &g = m_groups.at(i);
        m_combo->addItem(QStringLiteral("%1 · %2 (%3)").arg(nameOf(g.state), causeText(g.cause), QLocale().toString(g.count)));
        if (was && was->state == g.state && was->cause == g.cause)
            keep = i + 1;
    }
    m_combo->setCurrentIndex(keep);
    m_repair->setEnabled(total > 0);
    if (was && keep == 0)
        Q_EMIT chosenChanged();
}

std::optional<StuckCause> StuckCauseBar::chosen() const
{
    const int i = m_combo->currentIndex() - 1;
    if (i < 0 || i >= m_groups.size())
        return std::nullopt;
    return m_groups.at(i);
}

bool StuckCauseBar::choose(TxState state, const QString &cause)
{
    for (int i = 0; i < m_groups.size(); ++i) {
        if (m_groups.at(i).state == state && m_groups.at(i).cause == cause) {
            m_combo->setCurrentIndex(i + 1);
            return true;
        }
    }
    return false;
}

} // namespace ledger::app
