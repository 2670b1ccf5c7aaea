#pragma once
// What every libcurl client of the project needs, in one place: the AWS clients here (DynamoDB's,
// S3's) and the ledger service's HTTP client (service/httpclient). libcurl's global init must
// run once per process before any handle, and not on two threads at once; the answers are read
// into a QByteArray.
//
// Thread-safety: any thread.

#include <cstddef>

namespace ledger::aws {

// curl_global_init, the first call only.
void initCurlOnce();
// A CURLOPT_WRITEFUNCTION that appends to the QByteArray CURLOPT_WRITEDATA points at.
std::size_t appendToByteArray(char *data, std::size_t size, std::size_t count, void *target);

} // namespace ledger::aws
