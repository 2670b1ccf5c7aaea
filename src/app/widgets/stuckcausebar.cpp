#include "stuckcausebar.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>

namespace ledger::app {

StuckCauseBar::StuckCauseBar(QWidget *parent)
    : QWidget(parent)
    , m_combo(new QComboBox(this))
    , m_repair(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Ca&use:"), this);
    label->setBuddy(m_combo);
    m_combo->setAccessibleName(tr("Cause"));
    // Sized to its longest cause, the list took the row from the filter at 1024 px: it keeps
    // room for a cause's words and grows with the row; its popup shows every entry whole.
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(kCauseMinChars);
    m_combo->setToolTip(tr("What is stuck, grouped by the state it stopped in and its last error"));
    m_repair->setText(tr("Repair the &group…"));
    m_repair->setToolTip(repairTip());
    m_repair->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_repair);
    menu->setToolTipsVisible(true); // a greyed choice says why
    m_resume = menu->addAction(tr("&Resume them…"));
    m_cancel = menu->addAction(tr("&Cancel them…"));
    connect(m_resume, &QAction::triggered, this, [this] { Q_EMIT repairRequested(OperatorAction::Resume); });
    connect(m_cancel, &QAction::triggered, this, [this] { Q_EMIT repairRequested(OperatorAction::Cancel); });
    m_repair->setMenu(menu);
    layout->addWidget(label);
    layout->addWidget(m_combo, 1);
    layout->addWidget(m_repair);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &StuckCauseBar::chosenChanged);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &StuckCauseBar::updateRepairs);
    setCauses({});
}

QString StuckCauseBar::causeText(const QString &cause)
{
    return cause.isEmpty()      ? tr("no error (its worker stopped)")
         : cause == kOtherCause ? tr("other errors (an operator's cancel, …)")
                                : cause;
}

void StuckCauseBar::setCauses(const StuckCauses &causes)
{
    const std::optional<StuckCause> was = chosen();
    m_groups = causes.groups;
    qint64 total = 0;
    for (const StuckCause &g : std::as_const(m_groups))
        total += g.count;
    const QSignalBlocker quiet(m_combo); // the choice changes only if its group went away
    QStringList texts{causes.complete ? tr("every cause (%1)").arg(QLocale().toString(total))
                                      : tr("every cause (%1 read, more stuck)").arg(QLocale().toString(total))};
    int keep = 0;
    for (int i = 0; i < m_groups.size(); ++i) {
        const StuckCause &g = m_groups.at(i);
        texts << QStringLiteral("%1 · %2 (%3)").arg(nameOf(g.state), causeText(g.cause), QLocale().toString(g.count));
        if (was && was->state == g.state && was->cause == g.cause)
            keep = i + 1;
    }
    // The same groups only recounted: the texts change in place, so that an open list keeps its
    // highlight on the current entry (rebuilt, it highlighted another).
    bool same = m_combo->count() == texts.size();
    for (int i = 1; same && i < texts.size(); ++i)
        same = m_combo->itemText(i).section(QStringLiteral(" ("), 0, 0) == texts.at(i).section(QStringLiteral(" ("), 0, 0);
    if (same) {
        for (int i = 0; i < texts.size(); ++i)
            m_combo->setItemText(i, texts.at(i));
    } else {
        m_combo->clear();
        m_combo->addItems(texts);
    }
    m_combo->setCurrentIndex(keep);
    // The box may be narrower than an entry; its list never is.
    QAbstractItemView *list = m_combo->view();
    list->setMinimumWidth(list->sizeHintForColumn(0) + 2 * list->frameWidth()
                          + list->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, list));
    m_repair->setEnabled(total > 0);
    m_repair->setToolTip(repairTip()); // whoever disabled it for another reason says so again after this
    updateRepairs();
    if (was && keep == 0)
        Q_EMIT chosenChanged();
}

QString StuckCauseBar::repairTip() { return tr("Resume or cancel every transaction of the group shown, with a preview first"); }

void StuckCauseBar::updateRepairs()
{
    // What the group shown allows: a canceling group is finished by resuming, never canceled
    // again (that offered "Cancel them…" and then skipped every one).
    const std::optional<StuckCause> group = chosen();
    bool resumable = false;
    bool cancelable = false;
    for (const StuckCause &g : std::as_const(m_groups)) {
        if (group && (g.state != group->state || g.cause != group->cause))
            continue;
        Transaction probe;
        probe.state = g.state;
        resumable = resumable || checkAction(OperatorAction::Resume, probe).ok();
        cancelable = cancelable || checkAction(OperatorAction::Cancel, probe).ok();
    }
    m_resume->setEnabled(resumable);
    m_cancel->setEnabled(cancelable);
    m_cancel->setToolTip(cancelable ? QString()
                                    : tr("Only initial and pending transactions can be canceled; resume finishes a canceling one"));
    m_resume->setToolTip(resumable ? QString() : tr("Nothing shown can be resumed"));
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
