#include "dashboard.h"

#include "../models/navigatormodel.h"
#include "counttext.h"
#include "statebadge.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QValueAxis>

namespace ledger::app {

namespace {

QChartView *makeView(const QString &title, QWidget *parent)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220);
    view->setAccessibleName(title);
    return view;
}

// Replaces a chart's series and axes, and paints it in the palette in use (a chart keeps its own
// light theme otherwise: a white panel in a dark window).
void resetChart(QChart *chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    const QPalette palette = QGuiApplication::palette();
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
}

// Axes in the palette's text colour, with grid lines that stay in the background.
void paintAxes(QChart *chart)
{
    const QPalette palette = QGuiApplication::palette();
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
        axis->setLinePenColor(toneColor(Tone::Muted, palette));
        axis->setGridLineColor(palette.color(QPalette::Mid));
    }
}

} // namespace

CountTicks countTicks(qint64 max)
{
    // Whole numbers only, at most six ticks: a count of 1 over five ticks read 0,0,0,0,0,1.
    const qint64 want = qMax<qint64>(1, max + max / 10 + 1);
    qint64 step = 1;
    for (qint64 magnitude = 1;; magnitude *= 10) {
        bool found = false;
        for (qint64 m : {1, 2, 5}) {
            if ((want + m * magnitude - 1) / (m * magnitude) <= 5) {
                step = m * magnitude;
                found = true;
                break;
            }
        }
        if (found || magnitude > std::numeric_limits<qint64>::max() / 100)
            break;
    }
    const qint64 top = (want + step - 1) / step * step;
    return CountTicks{top, int(top / step) + 1};
}

namespace {

QValueAxis *countAxis(qint64 max)
{
    auto *axis = new QValueAxis;
    const CountTicks ticks = countTicks(max);
    axis->setRange(0, double(ticks.top));
    axis->setTickCount(ticks.count);
    axis->setLabelFormat(QStringLiteral("%d"));
    return axis;
}

} // namespace

Dashboard::Dashboard(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_states(makeView(tr("Transactions per state"), this))
    , m_ages(makeView(tr("Age of unfinished transactions"), this))
    , m_perMinute(makeView(tr("Transactions created per minute, last hour"), this))
{
    auto *layout = new QGridLayout(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary, 0, 0, 1, 2);
    layout->addWidget(m_states, 1, 0);
    layout->addWidget(m_ages, 1, 1);
    layout->addWidget(m_perMinute, 2, 0, 1, 2);
    m_states->chart()->legend()->setVisible(true);
    m_states->chart()->legend()->setAlignment(Qt::AlignRight);
}

void Dashboard::setOverview(const Overview &overview)
{
    m_overview = overview;
    const qint64 unfinished = overview.byState.value(TxState::Initial).count + overview.byState.value(TxState::Pending).count
                            + overview.byState.value(TxState::Applied).count + overview.byState.value(TxState::Canceling).count;
    // A store that would read its table to count them does not (store/tallies.h).
    const QString compensations =
        overview.compensations.counted() ? tr("%1 compensations").arg(countText(overview.compensations)) : tr("compensations not counted");
    m_summary->setText(tr("<b>%1</b> transactions over <b>%2</b> accounts · <b>%3</b> unfinished · "
                          "<b style='color:%4'>%5 stuck</b> · %6")
                           .arg(countText(overview.transactions), countText(overview.accounts), QLocale().toString(unfinished),
                                toneName(overview.stuck.count > 0 ? Tone::Bad : Tone::Good), countText(overview.stuck), compensations));
    drawStates();
    drawAges();
    drawPerMinute();
}

void Dashboard::drawStates()
{
    QChart *chart = m_states->chart();
    resetChart(chart);
    auto *series = new QBarSeries;
    qint64 max = 0;
    for (TxState s : allTxStates()) {
        const Tally tally = m_overview.byState.value(s);
        const qint64 n = tally.count;
        // An estimate says so in the legend (its bar label is the figure, unrounded).
        auto *set = new QBarSet(tally.exact ? NavigatorModel::stateLabel(s) : tr("%1 (≈)").arg(NavigatorModel::stateLabel(s)));
        *set << double(n);
        set->setColor(stateColor(s));
        set->setLabelColor(QGuiApplication::palette().color(QPalette::Text));
        series->append(set);
        max = qMax(max, n);
    }
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setBarWidth(0.95);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(tr("state"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis *y = countAxis(max);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    paintAxes(chart);
}

void Dashboard::drawAges()
{
    // Bars across, the ranges down the side: under each other, a range's label has the width it
    // needs ("5m–30m" read "5–3…" at 1024 px, below bars side by side).
    QChart *chart = m_ages->chart();
    resetChart(chart);
    auto *set = new QBarSet(tr("unfinished"));
    set->setColor(stateColor(TxState::Pending));
    qint64 max = 0;
    for (qint64 n : std::as_const(m_overview.ageCounts)) {
        *set << double(n);
        max = qMax(max, n);
    }
    auto *series = new QHorizontalBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    set->setLabelColor(QGuiApplication::palette().color(QPalette::Text));
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    chart->addSeries(series);
    auto *ranges = new QBarCategoryAxis;
    // Labelled here, in this console's language: through ledgerd the counts come with the
    // server's words.
    const QStringList labels = ageBucketLabels(ageBucketBoundsMs());
    ranges->append(labels.size() == m_overview.ageCounts.size() ? labels : m_overview.ageBuckets);
    chart->addAxis(ranges, Qt::AlignLeft);
    series->attachAxis(ranges);
    QValueAxis *counts = countAxis(max);
    chart->addAxis(counts, Qt::AlignBottom);
    series->attachAxis(counts);
    paintAxes(chart);
}

void Dashboard::drawPerMinute()
{
    QChart *chart = m_perMinute->chart();
    resetChart(chart);
    auto *series = new QLineSeries;
    series->setColor(toneColor(Tone::Info));
    qint64 max = 0;
    const int n = int(m_overview.perMinute.size());
    for (int i = 0; i < n; ++i) {
        series->append(double(i - n + 1), double(m_overview.perMinute.at(i)));
        max = qMax(max, m_overview.perMinute.at(i));
    }
    chart->addSeries(series);
    // Labels of our own, every ten minutes: a value axis prints its label format through
    // Latin-1, and the unit in Chinese came out "-59 ??".
    auto *x = new QCategoryAxis;
    const int first = -(qMax(n, 1) - 1);
    x->setRange(first, 0);
    x->setStartValue(first);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    // From the first ten after the start (a category ends where its label is): -59 → -50.
    for (int minute = first / 10 * 10 + (first % 10 == 0 && first < 0 ? 10 : 0); minute <= 0; minute += 10)
        x->append(tr("%1 min", "the per-minute chart's axis: minutes before now").arg(minute), minute);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis *y = countAxis(max);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    paintAxes(chart);
    // The last label ("0 min") is centred on the plot's right edge: room for its half.
    const QFontMetrics metrics(x->labelsFont());
    QMargins margins = chart->margins();
    margins.setRight(qMax(margins.right(), metrics.horizontalAdvance(x->categoriesLabels().value(x->count() - 1)) / 2 + 4));
    chart->setMargins(margins);
}

} // namespace ledger::app
