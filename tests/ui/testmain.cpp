// Widget tests own a QApplication on a headless platform unless one is set,
// and keep their settings in a throw-away folder. The Inductor cache's
// default places point there too: this machine's own cache must not change
// what a test sees.
#include <QApplication>
#include <QTemporaryDir>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toLocal8Bit());
    qputenv("HOME", settings.path().toLocal8Bit());
    qputenv("TMPDIR", settings.path().toLocal8Bit());
    qunsetenv("TORCHINDUCTOR_CACHE_DIR");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RidgelineTests"));
    QCoreApplication::setApplicationName(QStringLiteral("ui_tests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
