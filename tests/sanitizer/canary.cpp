// A deliberate bug that the sanitizer build must catch: proof that the sanitizers (and their
// suppression files) still report bugs in our code. ctest expects this program to fail.
//   thread:  two tasks on Qt's thread pool increment one counter without a lock
//   address: a read one past the end of a heap array
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <cstdio>
#include <cstring>
#include <memory>

static long g_counter = 0;

int main(int argc, char **argv)
{
    if (argc > 1 && std::strcmp(argv[1], "address") == 0) {
        auto values = std::make_unique<int[]>(4);
        volatile int index = 4;
        std::printf("%d\n", values[index]);
        return 0;
    }
    QThreadPool pool;
    auto a = QtConcurrent::run(&pool, [] {
        for (int i = 0; i < 100000; ++i)
            ++g_counter;
    });
    auto b = QtConcurrent::run(&pool, [] {
        for (int i = 0; i < 100000; ++i)
            ++g_counter;
    });
    a.waitForFinished();
    b.waitForFinished();
    std::printf("%ld\n", g_counter);
    return 0;
}
