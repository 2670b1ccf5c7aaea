#include "legseditor.h"
#include "tones.h"

#include "ledger/documents.h"
#include "ledger/money.h"

#include <QComboBox>
#include <QCompleter>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QEvent>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace ledger::app {

namespace {
// The rows of the legs: asks for the height of all of them (a QScrollArea asks for at most 24
// lines of text, whatever room there is), and scrolls in what its window gives it.
class LegRowsArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override
    {
        const QSize rows = widget() ? widget()->sizeHint() : QSize();
        const int frame = 2 * frameWidth();
        return {rows.width() + frame + verticalScrollBar()->sizeHint().width(), rows.height() + frame};
    }
};
} // namespace

struct LegsEditor::Row {
    QComboBox *side;
    QLineEdit *account;
    QLineEdit *amount;
    QToolButton *remove;
};

LegsEditor::LegsEditor(int scale, QWidget *parent)
    : QWidget(parent)
    , m_scale(scale)
    , m_grid(new QGridLayout)
    , m_rowsArea(new LegRowsArea(this))
    , m_add(new QPushButton(tr("Add &leg"), this))
    , m_totals(new QLabel(this))
    , m_problem(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *rows = new QWidget(m_rowsArea);
    rows->setLayout(m_grid);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_rowsArea->setWidget(rows);
    rows->installEventFilter(this);
    m_rowsArea->viewport()->installEventFilter(this);
    m_rowsArea->setWidgetResizable(true);
    m_rowsArea->setFrameShape(QFrame::NoFrame);
    m_rowsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As tall as its rows where there is room (the dialog's spacer takes the rest), less where not.
    m_rowsArea->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    layout->addWidget(m_rowsArea, 1);
    auto *below = new QHBoxLayout;
    below->addWidget(m_add);
    below->addWidget(m_totals, 1);
    layout->addLayout(below);
    m_problem->setWordWrap(true);
    setTone(m_problem, Tone::Bad);
    m_problem->hide();
    layout->addWidget(m_problem);
    connect(m_add, &QPushButton::clicked, this, &LegsEditor::addLeg);
}

bool LegsEditor::eventFilter(QObject *watched, QEvent *event)
{
    // The rows grew or the window gave them another height: the leg added last stays in sight.
    if (event->type() == QEvent::Resize && m_inSight)
        m_rowsArea->ensureWidgetVisible(m_inSight);
    return QWidget::eventFilter(watched, event);
}

void LegsEditor::setCompletionModel(QAbstractItemModel *accounts) { m_completion = accounts; }

void LegsEditor::setLegs(const QList<LegInput> &legs)
{
    while (!m_rows.isEmpty())
        removeLeg(int(m_rows.size()) - 1);
    for (const LegInput &leg : legs) {
        addLeg();
        Row *row = m_rows.last();
        row->side->setCurrentIndex(leg.side == LegSide::Debit ? 0 : 1);
        row->account->setText(leg.account);
        row->amount->setText(leg.amount);
    }
    Q_EMIT changed();
}

QList<LegInput> LegsEditor::legs() const
{
    QList<LegInput> legs;
    for (const Row *row : m_rows)
        legs << LegInput{row->side->currentIndex() == 0 ? LegSide::Debit : LegSide::Credit, row->account->text(), row->amount->text()};
    return legs;
}

void LegsEditor::addLeg()
{
    if (m_rows.size() >= kMaxLegs)
        return;
    auto *row = new Row{new QComboBox(this), new QLineEdit(this), new QLineEdit(this), new QToolButton(this)};
    // The protocol's words, the same in every language (DESIGN.md §7: code words are not translated).
    row->side->addItems({nameOf(LegSide::Debit), nameOf(LegSide::Credit)});
    const bool hasDebit = std::any_of(m_rows.cbegin(), m_rows.cend(), [](const Row *r) { return r->side->currentIndex() == 0; });
    row->side->setCurrentIndex(hasDebit ? 1 : 0);
    row->side->setAccessibleName(tr("Side of leg %1").arg(m_rows.size() + 1));
    row->account->setPlaceholderText(tr("account id"));
    row->account->setAccessibleName(tr("Account of leg %1").arg(m_rows.size() + 1));
    if (m_completion) {
        auto *completer = new QCompleter(m_completion, row->account);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        row->account->setCompleter(completer);
    }
    row->amount->setPlaceholderText(money::format(1234, m_scale));
    row->amount->setAccessibleName(tr("Amount of leg %1").arg(m_rows.size() + 1));
    row->remove->setText(QStringLiteral("✕"));
    row->remove->setToolTip(tr("Remove this leg"));
    row->remove->setAccessibleName(tr("Remove leg %1").arg(m_rows.size() + 1));
    connect(row->side, &QComboBox::currentIndexChanged, this, &LegsEditor::changed);
    connect(row->account, &QLineEdit::textChanged, this, &LegsEditor::changed);
    connect(row->amount, &QLineEdit::textChanged, this, &LegsEditor::changed);
    connect(row->remove, &QToolButton::clicked, this, [this, row] { removeLeg(int(m_rows.indexOf(row))); });
    m_rows << row;
    relayout();
    row->account->setFocus();
    // Into sight once the rows are laid out and the window has its size (eventFilter).
    m_inSight = row->account;
    Q_EMIT rowsChanged();
    Q_EMIT changed();
}

void LegsEditor::removeLeg(int index)
{
    if (index < 0 || index >= m_rows.size())
        return;
    Row *row = m_rows.takeAt(index);
    for (QWidget *w : std::initializer_list<QWidget *>{row->side, row->account, row->amount, row->remove})
        w->deleteLater();
    delete row;
    relayout();
    Q_EMIT rowsChanged();
    Q_EMIT changed();
}

void LegsEditor::relayout()
{
    for (int i = 0; i < m_rows.size(); ++i) {
        Row *row = m_rows.at(i);
        m_grid->addWidget(row->side, i, 0);
        m_grid->addWidget(row->account, i, 1);
        m_grid->addWidget(row->amount, i, 2);
        m_grid->addWidget(row->remove, i, 3);
        // Two legs is the least a transaction has.
        row->remove->setEnabled(m_rows.size() > 2);
    }
    m_grid->setColumnStretch(1, 3);
    m_grid->setColumnStretch(2, 1);
    // Two legs in sight at the least (a transaction has two), the others scrolled to.
    if (!m_rows.isEmpty()) {
        const Row *first = m_rows.first();
        const int row = qMax(first->side->sizeHint().height(), first->account->sizeHint().height()) + qMax(0, m_grid->verticalSpacing());
        m_rowsArea->setMinimumHeight(qMin<int>(int(m_rows.size()), 2) * row);
    }
    const bool room = m_rows.size() < kMaxLegs;
    m_add->setEnabled(room);
    m_add->setToolTip(room ? tr("Another account in the same transaction: every leg moves, or none")
                           : tr("A transaction has at most %1 legs").arg(kMaxLegs));
}

QWidget *LegsEditor::accountField(int index) const { return index >= 0 && index < m_rows.size() ? m_rows.at(index)->account : nullptr; }

void LegsEditor::showProblem(const Error &problem)
{
    m_problem->setText(problem.ok() ? QString() : problem.localized());
    m_problem->setToolTip(problem.ok() ? QString() : codeWord(problem.code));
    m_problem->setVisible(!problem.ok());
    m_totals->setText(totals());
}

QString LegsEditor::problem() const { return m_problem->text(); }

QString LegsEditor::problemCode() const { return m_problem->toolTip(); }

QString LegsEditor::totals() const
{
    qint64 debits = 0;
    qint64 credits = 0;
    for (const LegInput &leg : legs()) {
        auto amount = money::parse(leg.amount, m_scale);
        qint64 &sum = leg.side == LegSide::Debit ? debits : credits;
        if (amount.ok())
            sum = money::add(sum, *amount).value_or(sum);
    }
    return tr("debits %1, credits %2").arg(money::format(debits, m_scale), money::format(credits, m_scale));
}

} // namespace ledger::app
