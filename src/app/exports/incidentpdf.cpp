#include "incidentpdf.h"

#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPrinter>
#include <QTextDocument>

namespace ledger::app {

Error printHtmlToPdf(const QString &html, const QString &path, const QString &title)
{
    // QPrinter says nothing when it cannot open its file: look first, then check the result.
    const QFileInfo dir(QFileInfo(path).absolutePath());
    if (!dir.isDir() || !dir.isWritable())
        return makeError(ErrorCode::OutputFailed, QObject::tr("cannot write %1: the folder does not exist or is read-only").arg(path));
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path);
    printer.setDocName(title);
    printer.setCreator(QStringLiteral("LedgerDesk"));
    printer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    QTextDocument document;
    document.setHtml(html);
    document.print(&printer);
    const QFileInfo written(path);
    if (!written.exists() || written.size() == 0)
        return makeError(ErrorCode::OutputFailed, QObject::tr("cannot write %1").arg(path));
    return {};
}

} // namespace ledger::app
