#include "incidentpdf.h"
#include "../widgets/textfit.h"

#include <QAbstractTextDocumentLayout>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPrinter>
#include <QTextDocument>

namespace ledger::app {

void layOutForPrint(QTextDocument &document, const QString &html, QPagedPaintDevice &device)
{
    device.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    // Laid out on the page itself, not on the screen and scaled (QTextDocument::print would lay
    // out a copy of its own, 2 cm further in): what is checked is what is printed.
    document.documentLayout()->setPaintDevice(&device);
    document.setHtml(html);
    textfit::keepTokensWhole(document);
    document.setPageSize(QSizeF(device.width(), device.height()));
}

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
    QTextDocument document;
    layOutForPrint(document, html, printer);
    document.print(&printer);
    const QFileInfo written(path);
    if (!written.exists() || written.size() == 0)
        return makeError(ErrorCode::OutputFailed, QObject::tr("cannot write %1").arg(path));
    return {};
}

} // namespace ledger::app
