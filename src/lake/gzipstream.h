#pragma once
// gzip (RFC 1952) in memory, by zlib: one member per file, zlib's default header (no name, time
// 0), so the same lines give the same bytes with the same zlib. Every engine that reads
// `*.ndjson.gz` (DuckDB, Athena, Spark, pandas, zcat) reads it.
//
// Thread-safety: an object is used by one thread at a time.

#include <QByteArray>

#include <optional>

struct z_stream_s;

namespace ledger::lake {

class GzipWriter {
public:
    explicit GzipWriter(int level = 6);
    ~GzipWriter();
    GzipWriter(const GzipWriter &) = delete;
    GzipWriter &operator=(const GzipWriter &) = delete;

    void append(const QByteArray &bytes);
    // The whole member; the writer is spent after it.
    QByteArray finish();
    qint64 inputBytes() const { return m_in; }
    qint64 outputBytes() const { return m_out.size(); }

private:
    void deflateSome(int flush);

    z_stream_s *m_z;
    QByteArray m_out;
    qint64 m_in = 0;
    bool m_finished = false;
};

// The uncompressed content of gzip bytes (every member); nothing for bytes that are not gzip or
// end early.
std::optional<QByteArray> gunzip(const QByteArray &gzip);

} // namespace ledger::lake
