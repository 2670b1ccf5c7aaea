#include "lake/gzipstream.h"

#include <zlib.h>

namespace ledger::lake {

namespace {
constexpr int kGzipWindow = 15 + 16; // 32 KiB window, gzip wrapper (not zlib's)
constexpr int kChunk = 64 * 1024;
} // namespace

GzipWriter::GzipWriter(int level)
    : m_z(new z_stream)
{
    *m_z = {};
    // Only out of memory fails here; zlib then leaves the stream unusable and deflate() says so.
    if (deflateInit2(m_z, level, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("zlib: deflateInit2 failed (out of memory)");
}

GzipWriter::~GzipWriter()
{
    deflateEnd(m_z);
    delete m_z;
}

void GzipWriter::deflateSome(int flush)
{
    do {
        const qsizetype at = m_out.size();
        m_out.resize(at + kChunk);
        m_z->next_out = reinterpret_cast<Bytef *>(m_out.data() + at);
        m_z->avail_out = kChunk;
        const int rc = deflate(m_z, flush);
        if (rc == Z_STREAM_ERROR)
            qFatal("zlib: deflate's stream is broken");
        m_out.resize(at + kChunk - qsizetype(m_z->avail_out));
    } while (m_z->avail_out == 0 || (flush == Z_FINISH && m_z->avail_in > 0));
}

void GzipWriter::append(const QByteArray &bytes)
{
    Q_ASSERT(!m_finished);
    m_z->next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.constData()));
    m_z->avail_in = uInt(bytes.size());
    m_in += bytes.size();
    deflateSome(Z_NO_FLUSH);
}

QByteArray GzipWriter::finish()
{
    Q_ASSERT(!m_finished);
    m_finished = true;
    m_z->next_in = nullptr;
    m_z->avail_in = 0;
    deflateSome(Z_FINISH);
    return std::move(m_out);
}

std::optional<QByteArray> gunzip(const QByteArray &gzip)
{
    z_stream z{};
    if (inflateInit2(&z, kGzipWindow) != Z_OK)
        return std::nullopt;
    QByteArray out;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(gzip.constData()));
    z.avail_in = uInt(gzip.size());
    int rc = Z_OK;
    while (true) {
        const qsizetype at = out.size();
        out.resize(at + kChunk);
        z.next_out = reinterpret_cast<Bytef *>(out.data() + at);
        z.avail_out = kChunk;
        rc = inflate(&z, Z_NO_FLUSH);
        out.resize(at + kChunk - qsizetype(z.avail_out));
        if (rc == Z_STREAM_END) {
            if (z.avail_in == 0)
                break;
            inflateReset(&z); // another member follows
            continue;
        }
        if (rc != Z_OK && !(rc == Z_BUF_ERROR && z.avail_out == 0))
            break;
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
        return std::nullopt;
    return out;
}

} // namespace ledger::lake
