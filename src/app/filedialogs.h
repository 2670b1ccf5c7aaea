#pragma once
// The console's file dialogs: Qt's own (never a platform dialog running in this process), with
// an icon provider that tells files apart by name only. Qt's default provider reads each listed
// file's first bytes to guess its type; a store's folder lists the store, its -wal and -shm, and
// opening and closing them in this process would drop SQLite's POSIX locks. The built-in SQLite
// takes open-file-description locks, which survive that (third_party/sqlite/README.md): this is
// belt and braces, and keeps the dialog from reading large files at all.
//
// Threading: GUI thread. Each function returns the chosen path, or empty when canceled.

#include <QAbstractFileIconProvider>
#include <QFileIconProvider>
#include <QString>

class QWidget;

namespace ledger::app {

class NameOnlyIconProvider : public QAbstractFileIconProvider {
public:
    QIcon icon(IconType type) const override;
    QIcon icon(const QFileInfo &info) const override;
    QString type(const QFileInfo &info) const override;

private:
    QFileIconProvider m_icons; // the generic file and folder icons
};

QString askOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
// `selectedFilter`, when given, starts as the filter shown and returns the one chosen.
QString askSaveFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter,
                        QString *selectedFilter = nullptr);

} // namespace ledger::app
