#include "aws/curleasy.h"

#include <QByteArray>

#include <curl/curl.h>
#include <mutex>

namespace ledger::aws {

void initCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::size_t appendToByteArray(char *data, std::size_t size, std::size_t count, void *target)
{
    static_cast<QByteArray *>(target)->append(data, qsizetype(size * count));
    return size * count;
}

} // namespace ledger::aws
