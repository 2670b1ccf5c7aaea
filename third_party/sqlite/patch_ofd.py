#!/usr/bin/env python3
"""Applies LedgerDesk's open-file-description lock change to SQLite's amalgamation (os_unix.c part)."""
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()

def sub(old, new, count=1):
    global src
    n = src.count(old)
    if n != count:
        sys.exit(f"patch_ofd: expected {count} occurrence(s), found {n}: {old[:80]!r}")
    src = src.replace(old, new)

# 1. The inode's own lock descriptor.
sub("""  unixShmNode *pShmNode;          /* Shared memory associated with this inode */
  unixInodeInfo *pNext;           /* List of all unixInodeInfo objects */""",
"""  unixShmNode *pShmNode;          /* Shared memory associated with this inode */
  int hLock;                      /* LedgerDesk: descriptor all locks go through */
  int hLockOld;                   /* LedgerDesk: a replaced one, POSIX mode only */
  unixInodeInfo *pNext;           /* List of all unixInodeInfo objects */""")

# 2. The lock call: OFD first, POSIX where the kernel or file system refuses.
sub("""#undef osFcntl
#define osFcntl lockTrace
#endif /* SQLITE_LOCK_TRACE */
""", """#undef osFcntl
#define osFcntl lockTrace
#endif /* SQLITE_LOCK_TRACE */

/*
** LedgerDesk: open-file-description locks (third_party/sqlite/README.md).
**
** POSIX advisory locks belong to a (process, inode) pair: closing ANY
** descriptor of the file in the process -- a file dialog reading it, a
** backup tool, a second copy of SQLite -- silently drops every lock the
** process holds on it, and another process may then believe it is alone,
** checkpoint and delete the WAL under live connections.  Locks taken with
** F_OFD_SETLK belong to one open file description instead and survive any
** other descriptor's close.  Because OFD locks held through two different
** descriptions conflict even within one process, every lock of a database
** file goes through one descriptor per inode (unixInodeInfo.hLock, a dup of
** the first connection's descriptor), which mirrors what POSIX locks were:
** one lock owner per process and inode, with SQLite's in-memory inode state
** arbitrating between the process's own connections.  The -shm file already
** has one descriptor per process (unixShmNode.hShm).
**
** Where F_OFD_* is refused with EINVAL (kernels before 3.15, file systems
** without support), the same call is made with the POSIX command.
*/
#ifdef __linux__
# ifndef F_OFD_GETLK
#  define F_OFD_GETLK  36
#  define F_OFD_SETLK  37
#  define F_OFD_SETLKW 38
# endif
#endif
static int unixOfdEnabled = 1;   /* cleared by sqlite3_ledgerdesk_ofd_locks(0) */
static int unixOfdRefused = 0;   /* lock calls the kernel refused as OFD */
static int unixLockFcntl(int h, int op, struct flock *pLock){
#ifdef F_OFD_SETLK
  if( AtomicLoad(&unixOfdEnabled) ){
    struct flock l = *pLock;
    int rc;
    l.l_pid = 0;   /* required by F_OFD_* */
    rc = osFcntl(h, op==F_GETLK ? F_OFD_GETLK
                   : op==F_SETLKW ? F_OFD_SETLKW : F_OFD_SETLK, &l);
    if( rc==0 || errno!=EINVAL ){
      if( op==F_GETLK ){
        int e = errno;
        *pLock = l;
        errno = e;
      }
      return rc;
    }
    AtomicStore(&unixOfdRefused, AtomicLoad(&unixOfdRefused)+1);
  }
#endif
  return osFcntl(h, op, pLock);
}

/* Returns whether OFD locks are enabled, and sets them on (1) or off (0);
** -1 only asks.  Only for use before any database is opened. */
SQLITE_API int sqlite3_ledgerdesk_ofd_locks(int onOff){
  int was = AtomicLoad(&unixOfdEnabled);
  if( onOff>=0 ) AtomicStore(&unixOfdEnabled, onOff!=0);
  return was;
}

/* How many lock calls the kernel refused as OFD (then made as POSIX). */
SQLITE_API int sqlite3_ledgerdesk_ofd_refusals(void){
  return AtomicLoad(&unixOfdRefused);
}

/* A descriptor of the open file `h` for the inode's locks: a dup, so that it
** shares h's open file description (and access mode) but outlives h. */
static int unixDupLockFd(int h){
  return osFcntl(h, F_DUPFD_CLOEXEC, 3);
}
static int unixIsReadOnlyFd(int h){
  int fl = osFcntl(h, F_GETFL);
  return fl>=0 && (fl & O_ACCMODE)==O_RDONLY;
}
/* 1 when the kernel takes OFD locks on descriptor h. */
static int unixOfdWorks(int h){
#ifdef F_OFD_GETLK
  struct flock l;
  if( !AtomicLoad(&unixOfdEnabled) ) return 0;
  memset(&l, 0, sizeof(l));
  l.l_type = F_RDLCK;
  l.l_whence = SEEK_SET;
  l.l_start = 0;
  l.l_len = 1;
  return osFcntl(h, F_OFD_GETLK, &l)==0;
#else
  (void)h;
  return 0;
#endif
}
""")

# 3. Release: the lock descriptor goes with the inode (all its connections closed).
sub("""      sqlite3_mutex_free(pInode->pLockMutex);
      sqlite3_free(pInode);
    }
  }
}""", """      sqlite3_mutex_free(pInode->pLockMutex);
      if( pInode->hLock>=0 ) osClose(pInode->hLock);
      if( pInode->hLockOld>=0 ) osClose(pInode->hLockOld);
      sqlite3_free(pInode);
    }
  }
}""")

# 4. Create: the lock descriptor is made with the inode; a read-only one is
#    replaced by a read-write one when such a connection comes and nothing is locked.
sub("""    memset(pInode, 0, sizeof(*pInode));
    memcpy(&pInode->fileId, &fileId, sizeof(fileId));
    if( sqlite3GlobalConfig.bCoreMutex ){
      pInode->pLockMutex = sqlite3_mutex_alloc(SQLITE_MUTEX_FAST);
      if( pInode->pLockMutex==0 ){
        sqlite3_free(pInode);
        return SQLITE_NOMEM_BKPT;
      }
    }""", """    memset(pInode, 0, sizeof(*pInode));
    memcpy(&pInode->fileId, &fileId, sizeof(fileId));
    pInode->hLockOld = -1;
    pInode->hLock = unixDupLockFd(fd);
    if( pInode->hLock<0 ){
      storeLastErrno(pFile, errno);
      sqlite3_free(pInode);
      return SQLITE_IOERR;
    }
    if( sqlite3GlobalConfig.bCoreMutex ){
      pInode->pLockMutex = sqlite3_mutex_alloc(SQLITE_MUTEX_FAST);
      if( pInode->pLockMutex==0 ){
        osClose(pInode->hLock);
        sqlite3_free(pInode);
        return SQLITE_NOMEM_BKPT;
      }
    }""")
sub("""    inodeList = pInode;
  }else{
    pInode->nRef++;
  }
  *ppInode = pInode;""", """    inodeList = pInode;
  }else{
    pInode->nRef++;
    sqlite3_mutex_enter(pInode->pLockMutex);
    if( unixIsReadOnlyFd(pInode->hLock) && !unixIsReadOnlyFd(fd) ){
      unixUpgradeLockFd(pInode, fd);
    }
    sqlite3_mutex_leave(pInode->pLockMutex);
  }
  *ppInode = pInode;""")

# 4b. The upgrade of a read-only lock descriptor (a read-only connection came first).
sub("""static unixInodeInfo *inodeList = 0;  /* All unixInodeInfo objects */""",
"""static unixInodeInfo *inodeList = 0;  /* All unixInodeInfo objects */

/*
** LedgerDesk: the inode's lock descriptor was dup'ed from a read-only
** connection, which cannot take the write locks a read-write one needs: move
** the inode's locks to a dup of the read-write descriptor `fd`.  A read-only
** description can only hold the SHARED read lock, which is taken again on the
** new one first (read locks never conflict with each other).  With OFD locks
** the old description's lock is then released and it is closed; with POSIX
** locks both descriptors hold the process's one lock, and closing either would
** drop it, so the old one stays open until the inode is released.
** Called with pInode->pLockMutex held.
*/
static void unixUpgradeLockFd(unixInodeInfo *pInode, int fd){
  struct flock l;
  int h;
  if( pInode->hLockOld>=0 ) return;
  h = unixDupLockFd(fd);
  if( h<0 ) return;
  if( pInode->eFileLock>=SHARED_LOCK ){
    memset(&l, 0, sizeof(l));
    l.l_type = F_RDLCK;
    l.l_whence = SEEK_SET;
    l.l_start = SHARED_FIRST;
    l.l_len = SHARED_SIZE;
    if( unixLockFcntl(h, F_SETLK, &l) ){
      osClose(h);
      return;
    }
  }
  if( unixOfdWorks(pInode->hLock) ){
    memset(&l, 0, sizeof(l));
    l.l_type = F_UNLCK;
    l.l_whence = SEEK_SET;
    unixLockFcntl(pInode->hLock, F_SETLK, &l);
    osClose(pInode->hLock);
  }else{
    pInode->hLockOld = pInode->hLock;
  }
  pInode->hLock = h;
}""")

# 5. Moved: also for files without inode state (the WAL), and for unlinked files.
sub("""static int fileHasMoved(unixFile *pFile){
#if OS_VXWORKS
  return pFile->pInode!=0 && pFile->pId!=pFile->pInode->fileId.pId;
#else
  struct stat buf;
  return pFile->pInode!=0 &&
      (osStat(pFile->zPath, &buf)!=0
         || (u64)buf.st_ino!=pFile->pInode->fileId.ino);
#endif
}""", """static int fileHasMoved(unixFile *pFile){
#if OS_VXWORKS
  return pFile->pInode!=0 && pFile->pId!=pFile->pInode->fileId.pId;
#else
  struct stat buf;
  struct stat open;
  if( pFile->pInode!=0 ){
    return osStat(pFile->zPath, &buf)!=0
        || (u64)buf.st_ino!=pFile->pInode->fileId.ino;
  }
  /* LedgerDesk: a file without inode state (the WAL) has moved when its
  ** descriptor's file was unlinked or its name now names another file. */
  if( pFile->h<0 || pFile->zPath==0 ) return 0;
  if( osFstat(pFile->h, &open)!=0 ) return 0;
  return open.st_nlink==0
      || osStat(pFile->zPath, &buf)!=0
      || buf.st_ino!=open.st_ino || buf.st_dev!=open.st_dev;
#endif
}""")

# 6. Every lock of the database file through the inode's descriptor.
sub("""    lock.l_type = F_WRLCK;
    if( osFcntl(pFile->h, F_GETLK, &lock) ){
      rc = SQLITE_IOERR_CHECKRESERVEDLOCK;""", """    lock.l_type = F_WRLCK;
    if( unixLockFcntl(pFile->pInode->hLock, F_GETLK, &lock) ){
      rc = SQLITE_IOERR_CHECKRESERVEDLOCK;""")
sub("""# define osSetPosixAdvisoryLock(h,x,t) osFcntl(h,F_SETLK,x)""",
    """# define osSetPosixAdvisoryLock(h,x,t) unixLockFcntl(h,F_SETLK,x)""")
sub("""    rc = osFcntl(h,F_SETLK,pLock);""", """    rc = unixLockFcntl(h,F_SETLK,pLock);""", count=3)
sub("""      rc = osSetPosixAdvisoryLock(pFile->h, &lock, pFile);
      if( rc<0 ) return rc;
      pInode->bProcessLock = 1;""", """      rc = osSetPosixAdvisoryLock(pInode->hLock, &lock, pFile);
      if( rc<0 ) return rc;
      pInode->bProcessLock = 1;""")
sub("""      rc = osFcntl(pFile->h, F_SETLKW, pLock);
    }else
#endif
    rc = osSetPosixAdvisoryLock(pFile->h, pLock, pFile);""", """      rc = unixLockFcntl(pInode->hLock, F_SETLKW, pLock);
    }else
#endif
    rc = osSetPosixAdvisoryLock(pInode->hLock, pLock, pFile);""")

# 7. The -shm file's lock queries (its locks go through osSetPosixAdvisoryLock).
sub("""    if( osFcntl(pShmNode->hShm, F_GETLK, &f)<0 ){""", """    if( unixLockFcntl(pShmNode->hShm, F_GETLK, &f)<0 ){""")
sub("""  osFcntl(pShmNode->hShm, F_GETLK, &lock);
  return (lock.l_type!=F_UNLCK);""", """  unixLockFcntl(pShmNode->hShm, F_GETLK, &lock);
  return (lock.l_type!=F_UNLCK);""")
sub("""  if( osFcntl(pShmNode->hShm, F_GETLK, &lock)!=0 ) {""", """  if( unixLockFcntl(pShmNode->hShm, F_GETLK, &lock)!=0 ) {""")

# 8. A file control that says whether this database's locks are OFD locks.
sub("""static int unixFileControl(sqlite3_file *id, int op, void *pArg){
  unixFile *pFile = (unixFile*)id;
  switch( op ){""", """static int unixFileControl(sqlite3_file *id, int op, void *pArg){
  unixFile *pFile = (unixFile*)id;
  switch( op ){
    case SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS: {
      /* 1 when this file's locks are open-file-description locks. */
      int ofd = 0;
#ifdef F_OFD_GETLK
      if( pFile->pInode ) ofd = unixOfdWorks(pFile->pInode->hLock);
#endif
      *(int*)pArg = ofd;
      return SQLITE_OK;
    }""")
sub("""#define UNIXFILE_NOLOCK      0x80     /* Do no file locking */""",
    """#define UNIXFILE_NOLOCK      0x80     /* Do no file locking */
#define SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS 0x4c44  /* LedgerDesk ("LD") */""")

# Not compiled on Linux (macOS proxy locking and the lock tracer) keep osFcntl.
open(path, "w", encoding="utf-8").write(src)
print("patch_ofd: applied")
