#include "notedialog.h"

#include "ledger/identifiers.h"
#include "ledger/remarks.h"
#include "widgets/tones.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ledger::app {

NoteDialog::NoteDialog(const QString &txId, QWidget *parent)
    : QDialog(parent)
    , m_edit(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("noteDialog"));
    setWindowTitle(tr("Add note"));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(tr("Note on %1 (one line, kept in its journal with your name):").arg(txId), this);
    label->setBuddy(m_edit); // one line: the dialog is as wide as it says

    layout->addWidget(label);
    auto *line = new QHBoxLayout;
    m_edit->setAccessibleName(tr("Note text"));
    // Wide enough for a sentence or two before it scrolls.
    m_edit->setMinimumWidth(m_edit->fontMetrics().averageCharWidth() * 60);
    line->addWidget(m_edit, 1);
    m_count->setObjectName(QStringLiteral("noteCount"));
    m_count->setToolTip(tr("Characters in the note, and how many a note may have"));
    line->addWidget(m_count);
    layout->addLayout(line);
    m_problem->setWordWrap(true);
    setTone(m_problem, Tone::Bad);
    layout->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_add = buttons->addButton(tr("&Add note"), QDialogButtonBox::AcceptRole);
    m_add->setDefault(true);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &NoteDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NoteDialog::reject);
    connect(m_edit, &QLineEdit::textChanged, this, &NoteDialog::update);
    update();
}

void NoteDialog::setText(const QString &text)
{
    m_edit->setText(text);
    m_edit->deselect();
    m_edit->end(false);
}

void NoteDialog::setRefusal(const Error &refusal)
{
    m_refusal = refusal;
    m_refused = m_edit->text();
    update();
}

QString NoteDialog::text() const { return m_edit->text(); }

QString NoteDialog::countText() const { return m_count->text(); }

QString NoteDialog::problemText() const { return m_problem->text(); }

void NoteDialog::update()
{
    if (!m_refusal.ok() && m_edit->text() != m_refused)
        m_refusal = {}; // edited since: the refusal was about another note
    const QString note = m_edit->text().trimmed();
    // The note as it will be written (trimmed), counted as the ledger counts it.
    const bool tooLong = note.size() > kMaxReasonLength;
    m_count->setText(tr("%1 / %2").arg(note.size()).arg(kMaxReasonLength));
    setTone(m_count, tooLong ? std::optional<Tone>(Tone::Bad) : std::optional<Tone>(Tone::Muted));
    // Nothing typed yet is no error to shout about; Add waits all the same.
    const Error check = note.isEmpty() ? Error{} : checkRemark(Remark::Note, note);
    const Error shown = check.ok() ? m_refusal : check;
    m_problem->setText(shown.ok() ? QString() : QStringLiteral("%1: %2").arg(codeWord(shown.code), shown.localized()));
    m_problem->setVisible(!shown.ok());
    m_add->setEnabled(!note.isEmpty() && check.ok());
    growToFit();
}

void NoteDialog::growToFit()
{
    // A word-wrapped problem asks for its height only once it has a width: the dialog grows to
    // it rather than cutting its lines.
    layout()->activate();
    const int needed = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width()) : sizeHint().height();
    if (height() < needed)
        resize(width(), needed);
}

void NoteDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    growToFit();
}

void NoteDialog::accept()
{
    const QString note = m_edit->text().trimmed();
    if (note.isEmpty() || !checkRemark(Remark::Note, note).ok())
        return; // Add is disabled then; Return pressed anyway changes nothing
    Q_EMIT noteChosen(note);
    QDialog::accept();
}

} // namespace ledger::app
