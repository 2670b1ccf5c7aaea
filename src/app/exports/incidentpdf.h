#pragma once
// Prints an incident report (HTML made by interchange's incidentReportHtml) to a PDF file with QPrinter:
// A4, with margins, page numbers left to the viewer. QtPrintSupport is a widgets-side module,
// so this lives in the console, not in the libraries.
//
// Threading: GUI thread (QTextDocument lays out with the GUI's fonts).

#include "ledger/errors.h"

namespace ledger::app {

// output-failed when the file cannot be written.
Error printHtmlToPdf(const QString &html, const QString &path, const QString &title);

} // namespace ledger::app
