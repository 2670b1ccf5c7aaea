#pragma once
// The console's settings: the operator's name (written into the journal) and the stuck threshold.
// Threading: GUI thread only.

#include "../settings.h"

#include <QDialog>
#include <memory>

namespace Ui {
class SettingsDialog;
}

namespace ledger::app {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(Settings &settings, QWidget *parent = nullptr);
    ~SettingsDialog() override;
    void accept() override;

private:
    void validate();

    std::unique_ptr<Ui::SettingsDialog> m_ui;
    Settings &m_settings;
};

} // namespace ledger::app
