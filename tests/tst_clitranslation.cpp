// tst_clitranslation: ledgerctl in Simplified Chinese. Runs the real binary (QProcess) with the
// language chosen each way — $LEDGERDESK_LANGUAGE, a Chinese LANG with LC_ALL unset, the console's
// setting — and checks what a Chinese-speaking operator sees: the help, a refusal, a usage error,
// each with its exit status and with `error: <code>: ` kept as it is for scripts; and what must
// not change: --json, --csv and the feed stay byte for byte English, the store records English,
// --language en wins over the locale, LANG=C is English.
//
// Also: every message lupdate finds in the libraries' sources has a Chinese translation in
// resources/translations/ledger_zh_CN.ts, and every one in ledgerctl's in ledgerctl_zh_CN.ts
// (with the same %1..%n), and the .qm compiled into the program says the same, so that a new
// English string without its Chinese fails here.

#include "ledger/language.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace ledger;
using ledger::test::ProcessResult;

namespace {

// "transfer acme bob 500" → the arguments (none of them has a space).
QStringList words(const char *line) { return QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

bool hasChinese(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

QStringList placeholders(const QString &text)
{
    QStringList found;
    for (auto it = QRegularExpression(QStringLiteral("%\\d")).globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

struct TsMessage {
    QString translation;
    bool finished = false;
};
using TsFile = QMap<QString, QMap<QString, TsMessage>>; // context → source → translation

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ts;
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("message")) {
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            TsMessage m;
            m.finished = type.isEmpty();
            m.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (numerus) // the one form (Chinese has no plural), between indentation
                m.translation = m.translation.trimmed();
            ts[context][source] = m;
        }
    }
    return ts;
}

} // namespace

class TestCliTranslation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void speaksChinese_data();
    void speaksChinese();
    void machineOutputStaysEnglish();
    void languageOptionWins();
    void cLocaleIsEnglish();
    void englishCountsInPlurals();
    void everyMessageIsTranslated_data();
    void everyMessageIsTranslated();

private:
    enum class Chosen { Variable, Locale, Setting };
    // An environment built from nothing (so the user's locale, settings and store never leak
    // in): a temporary HOME and configuration, the store, and `locale` (LANG=..., etc.).
    QProcessEnvironment environment(const QStringList &locale) const;
    QStringList chinese(Chosen how) const;
    ProcessResult ctl(const QStringList &args, const QStringList &locale) const
    {
        return ledger::test::runLedgerctl(args, environment(locale));
    }

    QTemporaryDir m_home;
    QString m_store;
};

QProcessEnvironment TestCliTranslation::environment(const QStringList &locale) const
{
    return ledger::test::ledgerctlEnvironment(m_home.path(), m_store, QStringLiteral("tst_clitranslation"), locale);
}

QStringList TestCliTranslation::chinese(Chosen how) const
{
    switch (how) {
    case Chosen::Variable: return words("LANG=C.UTF-8 LEDGERDESK_LANGUAGE=zh_CN");
    case Chosen::Locale: return words("LANG=zh_CN.UTF-8"); // LC_ALL, LC_MESSAGES and LANGUAGE unset
    case Chosen::Setting:
        return {QStringLiteral("LANG=C.UTF-8"), QStringLiteral("XDG_CONFIG_HOME=") + m_home.filePath(QStringLiteral("chinese-setting"))};
    }
    return {};
}

void TestCliTranslation::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_store = m_home.filePath(QStringLiteral("ledger.db"));
    // The console's Settings ▸ Language, in a configuration directory of its own.
    QDir().mkpath(m_home.filePath(QStringLiteral("chinese-setting/LedgerDesk")));
    QFile conf(m_home.filePath(QStringLiteral("chinese-setting/LedgerDesk/ledgerdesk.conf")));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write("[ui]\nlanguage=zh_CN\n");
    conf.close();

    const QStringList english = words("LANG=C.UTF-8");
    QCOMPARE(ctl(words("init"), english).exitCode, 0);
    QCOMPARE(ctl(words("account create acme --opening 10"), english).exitCode, 0);
    QCOMPARE(ctl(words("account create bob"), english).exitCode, 0);
    QCOMPARE(ctl(words("transfer acme bob 2.50"), english).exitCode, 0);
}

void TestCliTranslation::speaksChinese_data()
{
    QTest::addColumn<int>("how");
    QTest::newRow("LEDGERDESK_LANGUAGE=zh_CN") << int(Chosen::Variable);
    QTest::newRow("LANG=zh_CN.UTF-8") << int(Chosen::Locale);
    QTest::newRow("the console's setting") << int(Chosen::Setting);
}

void TestCliTranslation::speaksChinese()
{
    QFETCH(int, how);
    const QStringList zh = chinese(Chosen(how));

    const ProcessResult help = ctl(words("--help"), zh);
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(QStringLiteral("用法：ledgerctl")), qPrintable(help.out));
    // Every command's line: its name as it is, its summary in Chinese.
    const QRegularExpression commandLine(QStringLiteral("^  ([a-z]+(?: [a-z]+)?)( [A-Z]+)*  +(.*)$"), QRegularExpression::MultilineOption);
    int commands = 0;
    for (auto it = commandLine.globalMatch(help.out); it.hasNext(); ++commands) {
        const auto m = it.next();
        QVERIFY2(hasChinese(m.captured(3)), qPrintable(m.captured(0)));
    }
    QVERIFY(commands >= 20);

    const ProcessResult helpTransfer = ctl(words("help transfer"), zh);
    QCOMPARE(helpTransfer.exitCode, 0);
    QVERIFY2(helpTransfer.out.startsWith(QStringLiteral("用法：ledgerctl transfer SOURCE DESTINATION AMOUNT [选项]\n")),
             qPrintable(helpTransfer.out));
    QVERIFY2(helpTransfer.out.contains(QStringLiteral("  --key KEY ")), qPrintable(helpTransfer.out)); // names never change
    QVERIFY2(hasChinese(helpTransfer.out.section(QStringLiteral("--key KEY"), 1).section(QLatin1Char('\n'), 0, 0)),
             qPrintable(helpTransfer.out));

    // A refusal of the ledger: the code word and "error:" stay, the message is Chinese, status 1.
    const ProcessResult refused = ctl(words("transfer acme bob 500"), zh);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(QRegularExpression(QStringLiteral("^error: insufficient-funds: \\S.*\n$")).match(refused.err).hasMatch(),
             qPrintable(refused.err));
    QVERIFY2(hasChinese(refused.err) && refused.err.contains(QStringLiteral("500.00")) && refused.err.contains(QStringLiteral("acme")),
             qPrintable(refused.err));
    QCOMPARE(refused.out, QString());
    // ... while the document records the reason in English, for every reader and script.
    const ProcessResult canceled = ctl(words("list --state canceled --json"), zh);
    QCOMPARE(canceled.exitCode, 0);
    QVERIFY2(canceled.out.contains(QStringLiteral("\"lastError\": \"insufficient-funds: acme has ")) && !hasChinese(canceled.out),
             qPrintable(canceled.out));

    // Bad usage: Chinese, status 2; and an unknown option.
    const ProcessResult usage = ctl(words("transfer acme"), zh);
    QCOMPARE(usage.exitCode, 2);
    QVERIFY2(usage.err.startsWith(QStringLiteral("error: missing-argument: transfer 需要 DESTINATION 和 AMOUNT")), qPrintable(usage.err));
    const ProcessResult option = ctl(words("accounts --nosuch"), zh);
    QCOMPARE(option.exitCode, 2);
    QVERIFY2(option.err.startsWith(QStringLiteral("error: unknown-option: ")) && hasChinese(option.err), qPrintable(option.err));

    // Text output: labels, headers and outcome lines.
    const ProcessResult accounts = ctl(words("accounts"), zh);
    QCOMPARE(accounts.exitCode, 0);
    QVERIFY2(accounts.out.startsWith(QStringLiteral("ID  ")) && accounts.out.contains(QStringLiteral("余额")), qPrintable(accounts.out));
    const ProcessResult audit = ctl(words("audit"), zh);
    QCOMPARE(audit.exitCode, 0);
    QVERIFY2(audit.out.contains(QStringLiteral("通过：六条不变量全部成立")), qPrintable(audit.out));
    const ProcessResult errors = ctl(words("errors"), zh);
    QCOMPARE(errors.exitCode, 0);
    QVERIFY2(errors.out.contains(QStringLiteral("insufficient-funds")) && errors.out.contains(QStringLiteral("付款方的可用金额不足")),
             qPrintable(errors.out));
}

void TestCliTranslation::machineOutputStaysEnglish()
{
    // The same commands, with nothing written in between, in English and in every Chinese way.
    const QList<QStringList> commands = {
        words("errors --json"),
        words("accounts --json"),
        words("accounts --csv"),
        words("list --json"),
        words("audit --json"),
        words("feed --since 0"),
        words("transfer acme bob 1.234 --json"),
        words("feed --since nonsense"),
        words("list --json --nosuch"),
    };
    for (const QStringList &args : commands) {
        const ProcessResult english = ctl(args, words("LANG=C.UTF-8"));
        QVERIFY2(!english.out.isEmpty() || !english.err.isEmpty(), qPrintable(args.join(QLatin1Char(' '))));
        for (Chosen how : {Chosen::Variable, Chosen::Locale, Chosen::Setting}) {
            const ProcessResult zh = ctl(args, chinese(how));
            QCOMPARE(zh.exitCode, english.exitCode);
            QCOMPARE(zh.out.toUtf8(), english.out.toUtf8());
            QCOMPARE(zh.err.toUtf8(), english.err.toUtf8());
        }
    }
}

void TestCliTranslation::languageOptionWins()
{
    const QStringList refuse = words("transfer acme bob 500");
    const QString chineseSetting = QStringLiteral("XDG_CONFIG_HOME=") + m_home.filePath(QStringLiteral("chinese-setting"));
    const QStringList everyChinese = words("LANG=zh_CN.UTF-8 LEDGERDESK_LANGUAGE=zh_CN") << chineseSetting;
    const ProcessResult english = ctl(words("--language en") + refuse, everyChinese);
    QCOMPARE(english.exitCode, 1);
    QVERIFY2(english.err.startsWith(QStringLiteral("error: insufficient-funds: acme has 7.50 available")) && !hasChinese(english.err),
             qPrintable(english.err));
    const ProcessResult afterCommand = ctl(words("help transfer --language=en"), everyChinese);
    QVERIFY2(afterCommand.out.startsWith(QStringLiteral("usage: ledgerctl transfer")), qPrintable(afterCommand.out));
    // And the other way round, over an English locale.
    const ProcessResult chineseHelp = ctl(words("--language zh_CN --help"), words("LANG=C"));
    QVERIFY2(chineseHelp.out.contains(QStringLiteral("用法：")), qPrintable(chineseHelp.out));
    // The environment variable wins over the setting.
    const ProcessResult variable = ctl(words("--help"), words("LEDGERDESK_LANGUAGE=en") << chineseSetting);
    QVERIFY2(!hasChinese(variable.out), qPrintable(variable.out));
    // A language that does not ship is bad usage.
    const ProcessResult unknown = ctl(words("--language fr accounts"), words("LANG=C"));
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.startsWith(QStringLiteral("error: invalid-argument: --language must be one of en, zh_CN, not \"fr\"")),
             qPrintable(unknown.err));
}

void TestCliTranslation::cLocaleIsEnglish()
{
    // LC_ALL wins over LANG, as everywhere.
    for (const QStringList &locale : {words("LANG=C"), words("LANG=en_US.UTF-8"), words("LC_ALL=C.UTF-8 LANG=zh_CN.UTF-8")}) {
        const ProcessResult help = ctl(words("--help"), locale);
        QVERIFY2(help.out.contains(QStringLiteral("usage: ledgerctl")) && !hasChinese(help.out), qPrintable(locale.join(QLatin1Char(' '))));
        const ProcessResult usage = ctl(words("transfer acme"), locale);
        QCOMPARE(usage.exitCode, 2);
        QCOMPARE(usage.err, QStringLiteral("error: missing-argument: transfer needs DESTINATION and AMOUNT (usage: ledgerctl transfer "
                                           "SOURCE DESTINATION AMOUNT)\n"));
    }
}

void TestCliTranslation::englishCountsInPlurals()
{
    // "1 shard file", "3 shard files" — never "1 shard file(s)".
    QTemporaryDir dir;
    const ProcessResult one = ctl({QStringLiteral("--store"), dir.filePath(QStringLiteral("one.json")), QStringLiteral("init"),
                                   QStringLiteral("--shards"), QStringLiteral("1")},
                                  words("LANG=en_US.UTF-8"));
    QCOMPARE(one.exitCode, 0);
    QVERIFY2(one.out.contains(QStringLiteral(" over 1 shard file beside it")), qPrintable(one.out));
    const ProcessResult three = ctl({QStringLiteral("--store"), dir.filePath(QStringLiteral("three.json")), QStringLiteral("init"),
                                     QStringLiteral("--shards"), QStringLiteral("3")},
                                    words("LANG=C"));
    QVERIFY2(three.out.contains(QStringLiteral(" over 3 shard files beside it")), qPrintable(three.out));
    QVERIFY(!three.out.contains(QStringLiteral("(s)")));
}

void TestCliTranslation::everyMessageIsTranslated_data()
{
    QTest::addColumn<QStringList>("dirs");
    QTest::addColumn<QString>("catalogue");
    QTest::addColumn<int>("atLeast");
    QTest::addColumn<int>("contexts");
    // The libraries' words (ledger_zh_CN.ts, in both programs) and ledgerctl's own.
    QTest::newRow("libraries") << words("/src/ledger /src/store /src/protocol /src/operations /src/interchange /src/bench")
                               << QStringLiteral("ledger_zh_CN.ts") << 250 << 3;
    QTest::newRow("ledgerctl") << words("/src/cli") << QStringLiteral("ledgerctl_zh_CN.ts") << 150 << 1;
}

void TestCliTranslation::everyMessageIsTranslated()
{
    QFETCH(QStringList, dirs);
    QFETCH(QString, catalogue);
    QFETCH(int, atLeast);
    QFETCH(int, contexts);
    // What lupdate finds in the sources now, whether or not update_translations was run.
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    QStringList sources;
    if (dirs.contains(QStringLiteral("/src/ledger")))
        sources << QStringLiteral(LEDGER_SOURCE_DIR "/src/ledger/errors.h");
    for (const QString &dir : std::as_const(dirs)) {
        for (QDirIterator it(QStringLiteral(LEDGER_SOURCE_DIR) + dir, words("*.cpp"), QDir::Files, QDirIterator::Subdirectories);
             it.hasNext();)
            sources << it.next();
    }
    const QString fresh = scratch.filePath(QStringLiteral("fresh.ts"));
    QProcess lupdate;
    lupdate.start(QStringLiteral(LEDGER_LUPDATE),
                  words("-no-obsolete -locations none -silent") + sources << QStringLiteral("-ts") << fresh);
    QVERIFY(lupdate.waitForFinished(120'000));
    QCOMPARE(lupdate.exitCode(), 0);

    const TsFile found = readTs(fresh);
    const TsFile shipped = readTs(QStringLiteral(LEDGER_SOURCE_DIR "/resources/translations/") + catalogue);
    QVERIFY(found.size() >= contexts);
    QStringList problems;
    int count = 0;
    for (auto ctx = found.cbegin(); ctx != found.cend(); ++ctx) {
        for (auto it = ctx->cbegin(); it != ctx->cend(); ++it, ++count) {
            const QString where = QStringLiteral("%1 / \"%2\"").arg(ctx.key(), it.key().left(80));
            const auto s = shipped.value(ctx.key()).constFind(it.key());
            if (s == shipped.value(ctx.key()).cend() || !s->finished || s->translation.isEmpty())
                problems << where + QStringLiteral(": no Chinese (run update_translations, add it to zh_CN.py, run fill-ts.py)");
            else if (placeholders(s->translation) != placeholders(it.key()))
                problems << where + QStringLiteral(": the translation does not have the same %1..%n");
        }
    }
    QVERIFY(count > atLeast);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

    // And the program has that translation compiled in.
    QVERIFY(installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
    for (auto ctx = shipped.cbegin(); ctx != shipped.cend(); ++ctx) {
        for (auto it = ctx->cbegin(); it != ctx->cend(); ++it) {
            const QByteArray context = ctx.key().toUtf8();
            const QByteArray source = it.key().toUtf8();
            QCOMPARE(QCoreApplication::translate(context.constData(), source.constData()), it->translation);
        }
    }
}

QTEST_GUILESS_MAIN(TestCliTranslation)
#include "tst_clitranslation.moc"
