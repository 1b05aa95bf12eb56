// Model tests own a QCoreApplication: item models and the controller need
// an event loop but no display. The Inductor cache's default places point
// into a throw-away folder: this machine's own cache must not change what a
// test sees.
#include <QCoreApplication>
#include <QTemporaryDir>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    QTemporaryDir home;
    qputenv("HOME", home.path().toLocal8Bit());
    qputenv("TMPDIR", home.path().toLocal8Bit());
    qunsetenv("TORCHINDUCTOR_CACHE_DIR");
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
