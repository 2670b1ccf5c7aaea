#pragma once
// The overview: counts per state, the age distribution of unfinished transactions and the
// transfers made per minute over the last hour, as charts.
//
// Threading: GUI thread only.

#include "operations/overview.h"

#include <QWidget>

class QLabel;
class QChart;
class QChartView;

namespace ledger::app {

// The count axis of the charts: its top and how many ticks, every tick a whole number.
struct CountTicks {
    qint64 top = 1;
    int count = 2;
};
CountTicks countTicks(qint64 max);

class Dashboard : public QWidget {
    Q_OBJECT
public:
    explicit Dashboard(QWidget *parent = nullptr);
    void setOverview(const Overview &overview);
    const Overview &overview() const { return m_overview; }

private:
    void drawStates();
    void drawAges();
    void drawPerMinute();

    Overview m_overview;
    QLabel *m_summary;
    QChartView *m_states;
    QChartView *m_ages;
    QChartView *m_perMinute;
};

} // namespace ledger::app
