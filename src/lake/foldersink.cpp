#include "lake/foldersink.h"

#include "lake/lakefaults.h"
#include "ledger/message.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ledger::lake {

namespace {
const QString kLockName = QStringLiteral(".lake.lock");

QByteArray native(const QString &path) { return QFile::encodeName(path); }

// fsync of a folder, so that a rename or a new entry in it survives a power cut.
int syncFolder(const QString &path)
{
    const int fd = ::open(native(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const int rc = ::fsync(fd) == 0 ? 0 : errno;
    ::close(fd);
    return rc;
}

int writeAll(int fd, const QByteArray &bytes)
{
    const char *p = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += n;
        left -= n;
    }
    return 0;
}

// rename that never replaces: EEXIST when `to` exists. renameat2 where the kernel and the file
// system have it; else link (which never replaces either) and unlink.
int renameNoReplace(const QByteArray &from, const QByteArray &to)
{
#ifdef RENAME_NOREPLACE
    if (::renameat2(AT_FDCWD, from.constData(), AT_FDCWD, to.constData(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return errno;
#endif
    if (::link(from.constData(), to.constData()) != 0)
        return errno;
    ::unlink(from.constData());
    return 0;
}
} // namespace

FolderSink::FolderSink(const QString &root)
    : m_root(root)
{}

FolderSink::~FolderSink()
{
    if (m_lock >= 0)
        ::close(m_lock); // releases the flock
}

Error FolderSink::failure(const QString &what, const QString &path, int error) const
{
    return makeError(ErrorCode::LakeUnavailable,
                     Message::translate("ledger", "the data lake %1 cannot be written: %2 %3: %4")
                         .arg(Message(m_root), Message(what), Message(path), Message(QString::fromLocal8Bit(std::strerror(error)))));
}

Error FolderSink::open()
{
    const QFileInfo root(m_root);
    if (root.exists() && !root.isDir())
        return failure(QStringLiteral("it is not a folder:"), m_root, ENOTDIR);
    if (!root.exists()) {
        const QFileInfo parent(root.absolutePath());
        if (!parent.isDir())
            return parent.exists() ? failure(QStringLiteral("its parent is not a folder:"), parent.filePath(), ENOTDIR)
                                   : failure(QStringLiteral("its parent folder does not exist:"), parent.filePath(), ENOENT);
        if (::mkdir(native(m_root).constData(), 0777) != 0 && errno != EEXIST)
            return failure(QStringLiteral("mkdir"), m_root, errno);
        syncFolder(parent.filePath());
    }
    const QString lockPath = QDir(m_root).filePath(kLockName);
    const int fd = ::open(native(lockPath).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return failure(QStringLiteral("open"), lockPath, errno);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        ::close(fd);
        if (error == EWOULDBLOCK)
            return makeError(ErrorCode::LakeBusy,
                             Message::translate("ledger", "another sync is writing the data lake %1 (it holds %2); one writer at a time")
                                 .arg(Message(m_root), Message(lockPath)));
        return failure(QStringLiteral("flock"), lockPath, error);
    }
    // Written to at once, so that a folder this user cannot write fails here, before any work.
    if (::access(native(m_root).constData(), W_OK) != 0) {
        const int error = errno;
        ::close(fd);
        return failure(QStringLiteral("access"), m_root, error);
    }
    m_lock = fd;
    return {};
}

Error FolderSink::probe()
{
    if (!QFileInfo(m_root).isDir())
        return makeError(ErrorCode::LakeUnavailable,
                         Message::translate("ledger", "there is no data lake at %1 (no such folder)").arg(Message(m_root)));
    return {};
}

Result<QStringList> FolderSink::list(const QString &fromDay)
{
    QDir root(m_root);
    if (!root.exists())
        return QStringList();
    QStringList names = root.entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    names.removeIf([](const QString &n) { return n.startsWith(QLatin1Char('.')); });
    const QString from = QStringLiteral("dt=") + fromDay;
    for (const QString &day : root.entryList({QStringLiteral("dt=*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (!fromDay.isEmpty() && day < from)
            continue;
        for (const QString &file : QDir(root.filePath(day)).entryList(QDir::Files, QDir::Name)) {
            if (!file.startsWith(QLatin1Char('.')))
                names << day + QLatin1Char('/') + file;
        }
    }
    return names;
}

Result<std::optional<QByteArray>> FolderSink::read(const QString &name)
{
    QFile file(QDir(m_root).filePath(name));
    if (!file.exists())
        return std::optional<QByteArray>();
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::LakeUnavailable, Message::translate("ledger", "the data lake's %1 cannot be read: %2")
                                                         .arg(Message(file.fileName()), Message(file.errorString())));
    return std::optional<QByteArray>(file.readAll());
}

Error FolderSink::write(const QString &name, const QByteArray &bytes, Visible how)
{
    const QString path = QDir(m_root).filePath(name);
    const QFileInfo target(path);
    const QString folder = target.absolutePath();
    if (!QFileInfo(folder).isDir()) {
        if (::mkdir(native(folder).constData(), 0777) != 0 && errno != EEXIST)
            return failure(QStringLiteral("mkdir"), folder, errno);
        if (const int e = syncFolder(m_root); e != 0)
            return failure(QStringLiteral("fsync"), m_root, e);
    }
    const QString temporary = QDir(folder).filePath(QLatin1Char('.') + target.fileName() + QStringLiteral(".tmp"));
    const int fd = ::open(native(temporary).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        return failure(QStringLiteral("open"), temporary, errno);
    int e = writeAll(fd, bytes);
    if (e == 0 && ::fsync(fd) != 0)
        e = errno;
    ::close(fd);
    if (e != 0) {
        ::unlink(native(temporary).constData());
        return failure(QStringLiteral("write"), temporary, e);
    }
    crashPoint("tmp-written");
    if (how == Visible::Replace) {
        if (::rename(native(temporary).constData(), native(path).constData()) != 0)
            return failure(QStringLiteral("rename"), path, errno);
    } else if (const int r = renameNoReplace(native(temporary), native(path)); r != 0) {
        ::unlink(native(temporary).constData());
        if (r != EEXIST)
            return failure(QStringLiteral("rename"), path, r);
        // Visible already: written by an earlier run that stopped before its checkpoint.
    }
    if (const int s = syncFolder(folder); s != 0)
        return failure(QStringLiteral("fsync"), folder, s);
    return {};
}

Error FolderSink::create(const QString &name, const QByteArray &bytes) { return write(name, bytes, Visible::CreateOnly); }

Error FolderSink::replace(const QString &name, const QByteArray &bytes) { return write(name, bytes, Visible::Replace); }

Result<int> FolderSink::clearLeftovers()
{
    QDir root(m_root);
    int removed = 0;
    QStringList folders{QString()};
    folders << root.entryList({QStringLiteral("dt=*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &folder : folders) {
        QDir dir(root.filePath(folder));
        for (const QString &file : dir.entryList({QStringLiteral(".*.tmp")}, QDir::Files | QDir::Hidden)) {
            if (!dir.remove(file))
                return failure(QStringLiteral("remove"), dir.filePath(file), errno);
            ++removed;
        }
    }
    return removed;
}

} // namespace ledger::lake
