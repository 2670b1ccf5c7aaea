#include "recoverdialog.h"

#include "duration.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ledger::app {

RecoverDialog::RecoverDialog(JobRunner *jobs, qint64 stuckThresholdMs, const QString &operatorName, QWidget *parent)
    : QDialog(parent)
    , m_jobs(jobs)
    , m_threshold(stuckThresholdMs)
    , m_operator(operatorName)
    , m_text(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_results(new QTableWidget(this))
{
    setWindowTitle(tr("Recover all stuck transactions"));
    resize(760, 460);
    auto *layout = new QVBoxLayout(this);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setText(tr("Takes over every unfinished transaction whose lease expired or that has been idle for more than "
                       "<b>%1</b>, and drives each to done (or canceled, if a hold is refused). Safe beside live workers: "
                       "whatever someone else moves first is left to them.")
                        .arg(duration::format(stuckThresholdMs)));
    layout->addWidget(m_text);
    m_progress->setAccessibleName(tr("Recovery progress"));
    m_progress->hide();
    layout->addWidget(m_progress);
    m_results->setColumnCount(4);
    m_results->setHorizontalHeaderLabels({tr("Transaction"), tr("Was"), tr("Outcome"), tr("Note")});
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_results->verticalHeader()->hide();
    m_results->verticalHeader()->setDefaultSectionSize(m_results->fontMetrics().height() + 6);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setAccessibleName(tr("Recovery results"));
    layout->addWidget(m_results, 1);
    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Recover"), QDialogButtonBox::AcceptRole);
    m_stop = buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_stop->hide();
    layout->addWidget(buttons);
    connect(m_start, &QPushButton::clicked, this, &RecoverDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &RecoverDialog::stop);
    connect(m_close, &QPushButton::clicked, this, &RecoverDialog::reject);
}

void RecoverDialog::start()
{
    if (m_running || m_finished)
        return;
    m_running = true;
    m_stopFlag = std::make_shared<std::atomic<bool>>(false);
    m_start->setEnabled(false);
    m_stop->show();
    m_progress->setRange(0, 0); // busy until the first number comes
    m_progress->show();

    RecoveryOptions options;
    options.olderThanMs = m_threshold;
    options.threads = 4;
    options.actor = QStringLiteral("recovery:%1").arg(m_operator);
    const auto flag = m_stopFlag;
    options.shouldStop = [flag] { return flag->load(); };
    QPointer<RecoverDialog> self(this);
    options.progress = [self](qint64 done, qint64 total) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, done, total] {
                if (self) {
                    self->m_progress->setRange(0, int(total));
                    self->m_progress->setValue(int(done));
                }
            },
            Qt::QueuedConnection);
    };
    // recoverStuck opens its own connections on its own pool; this job only waits for it.
    const StoreConfig config = m_jobs->config();
    m_jobs->run<RecoveryReport>(this, [config, options](Store &) { return recoverStuck(config, options); }, [this](RecoveryReport report) {
        m_report = report;
        m_running = false;
        m_finished = true;
        m_stop->hide();
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        if (!report.error.ok()) {
            m_text->setText(tr("<b style='color:#b02418'>Recovery could not run:</b> %1").arg(report.error.message.toHtmlEscaped()));
            Q_EMIT recoveryFinished();
            return;
        }
        m_results->setRowCount(int(report.items.size()));
        for (int r = 0; r < report.items.size(); ++r) {
            const RecoveredItem &i = report.items.at(r);
            m_results->setItem(r, 0, new QTableWidgetItem(i.id));
            m_results->setItem(r, 1, new QTableWidgetItem(nameOf(i.fromState)));
            m_results->setItem(r, 2, new QTableWidgetItem(nameOf(i.outcome)));
            m_results->setItem(r, 3, new QTableWidgetItem(i.message));
        }
        m_results->resizeColumnsToContents();
        QString text = report.candidates == 0
            ? tr("Nothing was stuck.")
            : tr("<b>%1</b> stuck: <b>%2</b> done, <b>%3</b> canceled, <b>%4</b> moved by someone else, <b>%5</b> failed.")
                  .arg(report.candidates)
                  .arg(report.count(RecoveryOutcome::Done))
                  .arg(report.count(RecoveryOutcome::Canceled))
                  .arg(report.count(RecoveryOutcome::Moved))
                  .arg(report.count(RecoveryOutcome::Failed) + report.count(RecoveryOutcome::Interrupted));
        if (report.stopped)
            text += tr(" Stopped: %1 not started.").arg(report.notStarted);
        m_text->setText(text);
        Q_EMIT recoveryFinished();
    });
}

void RecoverDialog::stop()
{
    if (m_stopFlag)
        m_stopFlag->store(true);
}

void RecoverDialog::reject()
{
    if (m_running) {
        stop();
        return;
    }
    QDialog::reject();
}

} // namespace ledger::app
