#pragma once
// Prints an incident report (HTML made by interchange's incidentReportHtml) to a PDF file with QPrinter:
// A4, with margins, page numbers left to the viewer. QtPrintSupport is a widgets-side module,
// so this lives in the console, not in the libraries.
//
// Threading: GUI thread (QTextDocument lays out with the GUI's fonts).

#include "ledger/errors.h"

class QPagedPaintDevice;
class QTextDocument;

namespace ledger::app {

// output-failed when the file cannot be written.
Error printHtmlToPdf(const QString &html, const QString &path, const QString &title);

// What printHtmlToPdf puts on paper: `device` given the report's pages (A4, portrait, 15 mm
// margins), and `html` laid out in `document` at their width, measured at the device's
// resolution; no line ends inside an id, an amount or a time (widgets/textfit.h).
void layOutForPrint(QTextDocument &document, const QString &html, QPagedPaintDevice &device);

} // namespace ledger::app
