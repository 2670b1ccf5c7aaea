#!/usr/bin/env python3
"""Applies LedgerDesk's changes to SQLite's amalgamation: open-file-description locks (os_unix.c) and
one write per commit's frames (wal.c). See README.md."""
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()

def sub(old, new, count=1):
    global src
    n = src.count(old)
    if n != count:
        sys.exit(f"patch_sqlite: expected {count} occurrence(s), found {n}: {old[:80]!r}")
    src = src.replace(old, new)

# 1. The inode's own lock descriptor.
sub("""  unixShmNode *pShmNode;          /* Shared memory associated with this inode */
  unixInodeInfo *pNext;           /* List of all unixInodeInfo objects */""",
"""  unixShmNode *pShmNode;          /* Shared memory associated with this inode */
  int hLock;                      /* LedgerDesk: descriptor all locks go through */
  int hLockOld;                   /* LedgerDesk: a replaced one, POSIX mode only */
  u8 bLockRdonly;                 /* LedgerDesk: hLock is a read-only descriptor */
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
/* The lock call; *pbOfd (when given) says whether it was made as an OFD lock. */
static int unixLockFcntlEx(int h, int op, struct flock *pLock, int *pbOfd){
  if( pbOfd ) *pbOfd = 0;
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
      if( pbOfd ) *pbOfd = 1;
      return rc;
    }
    AtomicStore(&unixOfdRefused, AtomicLoad(&unixOfdRefused)+1);
  }
#endif
  return osFcntl(h, op, pLock);
}
static int unixLockFcntl(int h, int op, struct flock *pLock){
  return unixLockFcntlEx(h, op, pLock, 0);
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
    pInode->bLockRdonly = (u8)unixIsReadOnlyFd(pInode->hLock);
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
    if( pInode->bLockRdonly && !unixIsReadOnlyFd(fd) ){
      unixUpgradeLockFd(pInode, fd);  /* retried by unixFileLock() if it fails */
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
  int bOfd = 0;
  if( pInode->hLockOld>=0 ) return;
  h = unixDupLockFd(fd);
  if( h<0 ) return;
  if( pInode->eFileLock>=SHARED_LOCK ){
    memset(&l, 0, sizeof(l));
    l.l_type = F_RDLCK;
    l.l_whence = SEEK_SET;
    l.l_start = SHARED_FIRST;
    l.l_len = SHARED_SIZE;
    if( unixLockFcntlEx(h, F_SETLK, &l, &bOfd) ){
      osClose(h);
      return;
    }
    if( bOfd ){
      /* The old description's lock goes with it: an OFD unlock, never a
      ** POSIX one, which would drop the process's lock just taken. */
      memset(&l, 0, sizeof(l));
      l.l_type = F_UNLCK;
      l.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
      osFcntl(pInode->hLock, F_OFD_SETLK, &l);
#endif
      osClose(pInode->hLock);
    }else{
      pInode->hLockOld = pInode->hLock;
    }
  }else{
    osClose(pInode->hLock);  /* it holds no lock, OFD or POSIX */
  }
  pInode->hLock = h;
  pInode->bLockRdonly = 0;
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
  ** descriptor's file was unlinked: deleted, or replaced by a rename over
  ** its name (one fstat, no path lookup: this is asked before every commit). */
  if( pFile->h<0 ) return 0;
  return osFstat(pFile->h, &open)==0 && open.st_nlink==0;
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

# 6b. A read-only lock descriptor that could not be upgraded when a read-write
#     connection came is upgraded at that connection's first write lock.
sub("""  assert( pInode!=0 );
  assert( sqlite3_mutex_held(pInode->pLockMutex) );
  if( (pFile->ctrlFlags & (UNIXFILE_EXCL|UNIXFILE_RDONLY))==UNIXFILE_EXCL ){""", """  assert( pInode!=0 );
  assert( sqlite3_mutex_held(pInode->pLockMutex) );
  if( pInode->bLockRdonly && pLock->l_type==F_WRLCK
   && (pFile->ctrlFlags & UNIXFILE_RDONLY)==0 ){
    unixUpgradeLockFd(pInode, pFile->h);  /* LedgerDesk: see findInodeInfo() */
  }
  if( (pFile->ctrlFlags & (UNIXFILE_EXCL|UNIXFILE_RDONLY))==UNIXFILE_EXCL ){""")

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
      if( pFile->pInode ){
        sqlite3_mutex_enter(pFile->pInode->pLockMutex);
        ofd = unixOfdWorks(pFile->pInode->hLock);
        sqlite3_mutex_leave(pFile->pInode->pLockMutex);
      }
#endif
      *(int*)pArg = ofd;
      return SQLITE_OK;
    }""")
sub("""#define UNIXFILE_NOLOCK      0x80     /* Do no file locking */""",
    """#define UNIXFILE_NOLOCK      0x80     /* Do no file locking */
#define SQLITE_FCNTL_LEDGERDESK_OFD_LOCKS 0x4c44  /* LedgerDesk ("LD") */""")

# 9. wal.c: a commit's frames reach the log in one write, not two per frame.
sub("""#ifdef SQLITE_ENABLE_SETLK_TIMEOUT
  sqlite3 *db;
#endif
};

/*
** Candidate values for Wal.exclusiveMode.""", """#ifdef SQLITE_ENABLE_SETLK_TIMEOUT
  sqlite3 *db;
#endif
  u8 *aLdFrames;             /* LedgerDesk: frames gathered for one write */
  int nLdFrames;             /* Bytes allocated at aLdFrames */
};

/*
** Candidate values for Wal.exclusiveMode.""")
sub("""    sqlite3_free((void *)pWal->apWiData);
    sqlite3_free(pWal);""", """    sqlite3_free((void *)pWal->apWiData);
    sqlite3_free(pWal->aLdFrames);
    sqlite3_free(pWal);""")
sub("""  int syncFlags;               /* Flags for the fsync */
  int szPage;                  /* Size of one page */
} WalWriter;""", """  int syncFlags;               /* Flags for the fsync */
  int szPage;                  /* Size of one page */
  u8 *aBuf;                    /* LedgerDesk: frames not written yet, or 0 */
  int nBuf;                    /* Bytes in aBuf */
  int nBufAlloc;               /* Bytes allocated at aBuf */
  sqlite3_int64 iBufOffset;    /* Log offset of aBuf[0] */
} WalWriter;

/*
** LedgerDesk: SQLite writes each frame with two write() calls (its 24-byte
** header, then the page), and a commit of a few pages is a dozen calls that
** each take the file's lock and dirty the same file pages again: at
** synchronous=NORMAL that was most of a small commit's time.  So the frames
** of one walFrames() call are gathered in Wal.aLdFrames and written with one
** call, in order, before anything reads or syncs the log and before the
** wal-index announces them.  A failed write fails the commit as before.
*/
static int walWriterFlush(WalWriter *p){
  int rc = SQLITE_OK;
  if( p->nBuf>0 ){
    rc = sqlite3OsWrite(p->pFd, p->aBuf, p->nBuf, p->iBufOffset);
    p->nBuf = 0;
  }
  return rc;
}""")
sub("""  int rc;
  if( iOffset<p->iSyncPoint && iOffset+iAmt>=p->iSyncPoint ){
    int iFirstAmt = (int)(p->iSyncPoint - iOffset);""", """  int rc;
  if( p->aBuf && p->iSyncPoint==0 ){
    if( p->nBuf>0
     && (p->iBufOffset+p->nBuf!=iOffset || p->nBuf+iAmt>p->nBufAlloc) ){
      rc = walWriterFlush(p);
      if( rc ) return rc;
    }
    if( iAmt<=p->nBufAlloc ){
      if( p->nBuf==0 ) p->iBufOffset = iOffset;
      memcpy(&p->aBuf[p->nBuf], pContent, iAmt);
      p->nBuf += iAmt;
      return SQLITE_OK;
    }
  }
  if( iOffset<p->iSyncPoint && iOffset+iAmt>=p->iSyncPoint ){
    int iFirstAmt = (int)(p->iSyncPoint - iOffset);""")
sub("""  w.syncFlags = sync_flags;
  w.szPage = szPage;
  iOffset = walFrameOffset(iFrame+1, szPage);
  szFrame = szPage + WAL_FRAME_HDRSIZE;
""", """  w.syncFlags = sync_flags;
  w.szPage = szPage;
  iOffset = walFrameOffset(iFrame+1, szPage);
  szFrame = szPage + WAL_FRAME_HDRSIZE;
  w.aBuf = 0;
  w.nBuf = 0;
  w.nBufAlloc = 0;
  w.iBufOffset = 0;
  {
    /* Room for every frame of this call, up to what one unixWrite() call
    ** takes (seekAndWriteFd() writes below 128 KiB at a time; a bigger
    ** call is written that much at a time).  Without memory, frame by
    ** frame, as before. */
    int nFrame = 0;
    const int nMaxFrame = 0x1ffff / szFrame;
    for(p=pList; p && nFrame<nMaxFrame; p=p->pDirty) nFrame++;
    if( pWal->nLdFrames<nFrame*szFrame ){
      u8 *aNew = sqlite3_realloc64(pWal->aLdFrames, (i64)nFrame*szFrame);
      if( aNew ){
        pWal->aLdFrames = aNew;
        pWal->nLdFrames = nFrame*szFrame;
      }
    }
    if( pWal->aLdFrames ){
      w.aBuf = pWal->aLdFrames;
      w.nBufAlloc = pWal->nLdFrames;
    }
  }
""")
sub("""        pData = p->pData;
        rc = sqlite3OsWrite(pWal->pWalFd, pData, szPage, iOff);
        if( rc ) return rc;
        p->flags &= ~PGHDR_WAL_APPEND;
        continue;""", """        pData = p->pData;
        rc = walWriterFlush(&w);  /* the frame may be among those gathered */
        if( rc ) return rc;
        rc = sqlite3OsWrite(pWal->pWalFd, pData, szPage, iOff);
        if( rc ) return rc;
        p->flags &= ~PGHDR_WAL_APPEND;
        continue;""")
sub("""    pLast = p;
    iOffset += szFrame;
    p->flags |= PGHDR_WAL_APPEND;
  }

  /* Recalculate checksums within the wal file if required. */""", """    pLast = p;
    iOffset += szFrame;
    p->flags |= PGHDR_WAL_APPEND;
  }
  rc = walWriterFlush(&w);  /* before the log is read back, padded or synced */
  if( rc ) return rc;
  w.aBuf = 0;

  /* Recalculate checksums within the wal file if required. */""")

# Not compiled on Linux (macOS proxy locking and the lock tracer) keep osFcntl.
open(path, "w", encoding="utf-8").write(src)
print("patch_sqlite: applied")
