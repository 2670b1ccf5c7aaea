#include "filedialogs.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMimeDatabase>

namespace ledger::app {

QIcon NameOnlyIconProvider::icon(IconType type) const { return m_icons.icon(type); }

QIcon NameOnlyIconProvider::icon(const QFileInfo &info) const
{
    // stat() only (isDir, isRoot): no descriptor of the file is opened.
    if (info.isRoot())
        return m_icons.icon(Drive);
    return m_icons.icon(info.isDir() ? Folder : File);
}

QString NameOnlyIconProvider::type(const QFileInfo &info) const
{
    if (info.isDir())
        return QAbstractFileIconProvider::type(info); // "Folder", from the name of the kind
    static const QMimeDatabase mimes;
    const QMimeType mime = mimes.mimeTypeForFile(info.fileName(), QMimeDatabase::MatchExtension);
    if (!mime.isDefault())
        return mime.comment();
    // No type by name (a store, its -wal and -shm): say what the name says, not "unknown" (in
    // the words and context of Qt's own provider, which Qt's translations cover).
    const QString suffix = info.suffix();
    return suffix.isEmpty() ? QCoreApplication::translate("QAbstractFileIconProvider", "File")
                            : QCoreApplication::translate("QAbstractFileIconProvider", "%1 File").arg(suffix);
}

namespace {

QString ask(QWidget *parent, QFileDialog::AcceptMode mode, const QString &caption, const QString &start, const QString &filter,
            QString *selectedFilter)
{
    NameOnlyIconProvider icons; // outlives the dialog, declared before it
    QFileDialog dialog(parent, caption, start, filter);
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setIconProvider(&icons);
    dialog.setAcceptMode(mode);
    dialog.setFileMode(mode == QFileDialog::AcceptOpen ? QFileDialog::ExistingFile : QFileDialog::AnyFile);
    if (selectedFilter && !selectedFilter->isEmpty())
        dialog.selectNameFilter(*selectedFilter);
    dialog.setObjectName(QStringLiteral("ledgerFileDialog"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    if (selectedFilter)
        *selectedFilter = dialog.selectedNameFilter();
    return dialog.selectedFiles().constFirst();
}

} // namespace

QString askOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    return ask(parent, QFileDialog::AcceptOpen, caption, dir, filter, nullptr);
}

QString askSaveFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter, QString *selectedFilter)
{
    return ask(parent, QFileDialog::AcceptSave, caption, path, filter, selectedFilter);
}

} // namespace ledger::app
