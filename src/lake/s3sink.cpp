#include "lake/s3sink.h"

#include "aws/s3client.h"
#include "lake/lakefaults.h"
#include "ledger/message.h"

namespace ledger::lake {

namespace {
constexpr qint64 kPartBytes = qint64(8) << 20; // S3 takes 5 MiB at least for every part but the last

qint64 partBytesOfEnvironment()
{
    // A test's smaller parts, to see multipart uploads without writing megabytes (s3rver takes any size).
    bool ok = false;
    const qint64 asked = qEnvironmentVariable("LEDGER_LAKE_PART_BYTES").toLongLong(&ok);
    return ok && asked >= 1024 ? asked : kPartBytes;
}
} // namespace

Result<std::unique_ptr<S3Sink>> S3Sink::make(const LakeLocation &location)
{
    auto client = aws::S3Client::open(aws::S3Target{location.bucket, location.endpoint, location.region, location.profile});
    if (!client.ok()) {
        if (client.error().code == ErrorCode::InvalidLocation)
            return client.error();
        return makeError(
            ErrorCode::LakeUnavailable,
            Message::translate("ledger", "the data lake %1 cannot be reached: %2").arg(Message(location.display()), client.error().text()));
    }
    return std::unique_ptr<S3Sink>(new S3Sink(location, std::move(*client)));
}

S3Sink::S3Sink(const LakeLocation &location, std::unique_ptr<aws::S3Client> client)
    : m_location(location)
    , m_client(std::move(client))
    , m_partBytes(partBytesOfEnvironment())
{}

S3Sink::~S3Sink() = default;

Error S3Sink::unavailable(const Error &e) const
{
    if (e.ok())
        return e;
    return makeError(ErrorCode::LakeUnavailable,
                     Message::translate("ledger", "the data lake %1 cannot be reached: %2").arg(Message(m_location.display()), e.text()));
}

Error S3Sink::open() { return probe(); }

Error S3Sink::probe() { return unavailable(m_client->probe()); }

Result<QStringList> S3Sink::list(const QString &fromDay)
{
    // The root's objects and its days (common prefixes), then the files of each day from fromDay.
    const QString root = m_location.prefix.isEmpty() ? QString() : m_location.prefix + QLatin1Char('/');
    auto top = m_client->list(root, QString(), QStringLiteral("/"));
    if (!top.ok())
        return unavailable(top.error());
    QStringList names;
    QStringList days;
    for (const aws::S3Object &o : std::as_const(*top)) {
        const QString name = o.key.mid(root.size());
        if (o.commonPrefix) {
            if (name.startsWith(QLatin1String("dt=")) && (fromDay.isEmpty() || name.mid(3, 10) >= fromDay))
                days << name;
        } else if (!name.startsWith(QLatin1Char('.'))) {
            names << name;
        }
    }
    for (const QString &day : std::as_const(days)) {
        auto files = m_client->list(root + day);
        if (!files.ok())
            return unavailable(files.error());
        for (const aws::S3Object &o : std::as_const(*files)) {
            const QString name = o.key.mid(root.size());
            if (!name.section(QLatin1Char('/'), -1).startsWith(QLatin1Char('.')))
                names << name;
        }
    }
    names.sort();
    return names;
}

Result<std::optional<QByteArray>> S3Sink::read(const QString &name)
{
    // The bucket answered open() or probe(), which every reader calls first: not found is the key.
    auto bytes = m_client->get(m_location.keyOf(name));
    if (!bytes.ok()) {
        if (bytes.error().code == ErrorCode::NotFound)
            return std::optional<QByteArray>();
        return unavailable(bytes.error());
    }
    return std::optional<QByteArray>(*bytes);
}

Error S3Sink::create(const QString &name, const QByteArray &bytes)
{
    const QString key = m_location.keyOf(name);
    if (bytes.size() <= m_partBytes) {
        const Error e = m_client->put(key, bytes, true);
        return e.code == ErrorCode::Conflict ? Error() : unavailable(e); // there already: the same name, the same file
    }
    auto upload = m_client->createMultipart(key);
    if (!upload.ok())
        return unavailable(upload.error());
    QStringList etags;
    for (qsizetype at = 0; at < bytes.size(); at += m_partBytes) {
        auto etag = m_client->uploadPart(key, *upload, int(etags.size()) + 1, bytes.mid(at, m_partBytes));
        if (!etag.ok()) {
            m_client->abortMultipart(key, *upload);
            return unavailable(etag.error());
        }
        etags << *etag;
        crashPoint("part-uploaded");
    }
    const Error e = m_client->completeMultipart(key, *upload, etags, true);
    if (e.code == ErrorCode::Conflict) {
        m_client->abortMultipart(key, *upload);
        return {};
    }
    if (!e.ok())
        m_client->abortMultipart(key, *upload);
    return unavailable(e);
}

Error S3Sink::replace(const QString &name, const QByteArray &bytes)
{
    return unavailable(m_client->put(m_location.keyOf(name), bytes, false));
}

Result<int> S3Sink::clearLeftovers()
{
    // Nothing half-written is visible on S3; unfinished uploads are a lifecycle rule's to remove.
    return 0;
}

} // namespace ledger::lake
