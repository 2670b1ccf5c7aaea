#!/usr/bin/env node
// s3rver with S3's all-or-nothing writes (started by scripts/s3rver.sh; takes s3rver's own options).
//
// S3 makes an object visible whole or not at all: a PUT whose client dies part way stores
// nothing, and a reader never sees an object being written. s3rver 3.7.1 streams the body straight
// into the object's file, so a client killed mid-PUT leaves a torn object behind for good and a
// GET during a write reads half of it (the lake's kill soak met both: a ledgerd killed while
// publishing left a cut gzip file that every later run rightly refused as not LedgerDesk's). Here
// the body goes to a temporary file beside the object, renamed over it once the body has ended;
// a body that breaks off (the client gone) removes the temporary file and stores nothing.
'use strict';

const crypto = require('crypto');
const fs = require('fs-extra');
const path = require('path');
const { Transform } = require('stream');

const FilesystemStore = require('s3rver/lib/stores/filesystem');

FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.mkdirp(path.dirname(objectPath));
  // Not ending in "._S3rver_object": listings never show it.
  const temporary = `${objectPath}.writing-${crypto.randomBytes(8).toString('hex')}`;
  const [size, md5] = await new Promise((resolve, reject) => {
    const md5Context = crypto.createHash('md5');
    const writeStream = fs.createWriteStream(temporary);
    const fail = err => {
      writeStream.destroy();
      fs.remove(temporary).finally(() => reject(err));
    };
    writeStream.on('error', fail);
    if (Buffer.isBuffer(object.content)) {
      md5Context.update(object.content);
      writeStream.on('finish', () => resolve([object.content.length, md5Context.digest('hex')]));
      writeStream.end(object.content);
      return;
    }
    let totalLength = 0;
    let ended = false;
    object.content.on('end', () => {
      ended = true;
    });
    // A request whose client went away is aborted, not ended: nothing may be stored of it.
    object.content.on('error', fail);
    object.content.on('close', () => {
      if (!ended) fail(new Error('the request body broke off'));
    });
    writeStream.on('finish', () => {
      if (ended) resolve([totalLength, md5Context.digest('hex')]);
    });
    object.content
      .pipe(
        new Transform({
          transform(chunk, encoding, callback) {
            md5Context.update(chunk, encoding);
            totalLength += chunk.length;
            callback(null, chunk);
          },
        }),
      )
      .pipe(writeStream);
  });
  await fs.rename(temporary, objectPath);
  await this.putMetadata(object.bucket, object.key, object.metadata, md5);
  return { size, md5 };
};

require('s3rver/bin/s3rver.js');
