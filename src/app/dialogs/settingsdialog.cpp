#include "settingsdialog.h"
#include "widgets/tones.h"

#include "../languagename.h"
#include "ledger/identifiers.h"
#include "ledger/language.h"
#include "ui_settingsdialog.h"

#include <QPushButton>

namespace ledger::app {

SettingsDialog::SettingsDialog(Settings &settings, QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::SettingsDialog)
    , m_settings(settings)
{
    m_ui->setupUi(this);
    m_ui->operatorName->setText(settings.operatorName());
    m_ui->threshold->setValue(int(settings.stuckThresholdMs() / 60'000));
    m_ui->notifyStuck->setChecked(settings.notifyStuck());
    m_ui->language->addItem(tr("System language"), QString());
    for (const QString &language : availableLanguages())
        m_ui->language->addItem(languageDisplayName(language), language);
    m_ui->language->setCurrentIndex(qMax(0, m_ui->language->findData(settings.language())));
    setTone(m_ui->error, Tone::Bad);
    connect(m_ui->operatorName, &QLineEdit::textChanged, this, &SettingsDialog::validate);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    validate();
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::validate()
{
    // The same rule as ledgerctl's --operator.
    const Error e = checkText(m_ui->operatorName->text(), tr("operator name"), kMaxOperatorLength, false);
    m_ui->error->setText(e.ok() ? QString() : e.localized());
    m_ui->buttons->button(QDialogButtonBox::Ok)->setEnabled(e.ok());
}

void SettingsDialog::accept()
{
    m_settings.setOperatorName(m_ui->operatorName->text().trimmed());
    m_settings.setStuckThresholdMs(qint64(m_ui->threshold->value()) * 60'000);
    m_settings.setLanguage(m_ui->language->currentData().toString());
    m_settings.setNotifyStuck(m_ui->notifyStuck->isChecked());
    QDialog::accept();
}

} // namespace ledger::app
