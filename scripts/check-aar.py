#!/usr/bin/env python3
"""Checks of the Android AAR as an app's build would use it, with D8 and R8 (com.android.tools:r8):

  1. D8 dexes classes.jar at --min-api 21 and prints nothing (no warning, no error);
  2. every native method in that dex has its JNI export in every jni/<abi>/libtensorbridge.so;
  3. R8, shrinking and obfuscating an app that keeps everything but lets R8 rename it, with the
     AAR's consumer rules (proguard.txt) keeps every native method under its JNI name.

    python3 scripts/check-aar.py R8_JAR AAR [--self-test]

--self-test also shows each check failing on a broken input: D8 without the library classes (warns),
a library with one export renamed, and R8 without the consumer rules (renames the natives).
Prints one line per check; exits non-zero if any failed.
"""

import os
import struct
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import android_checks  # noqa: E402
import elf_file  # noqa: E402

MIN_API = "21"
# An app that keeps all of the library alive but lets R8 rename whatever the rules allow.
# The stand-in app: keeps everything (renamed), and tells R8 that org.tensorflow.lite.DataType, which
# the AAR leaves to TensorFlow Lite's tensorflow-lite-api (android/classes-jar-excludes.txt), comes
# from another dependency of the app.
APP_RULES = ("-keep,allowobfuscation class ** { *; }\n-dontoptimize\n"
             "-dontwarn org.tensorflow.lite.DataType\n-dontwarn org.tensorflow.lite.DataType$*\n")

# The Android API an app compiles against (R8's library classes next to the JDK's): the android-all
# jar the build compiles the Android-typed methods against, from the local Maven repository.
ANDROID_JAR = os.path.join(os.path.expanduser("~"), ".m2", "repository", "org", "robolectric", "android-all",
                           "14-robolectric-10818077", "android-all-14-robolectric-10818077.jar")


def android_jar():
    path = os.environ.get("TENSORBRIDGE_ANDROID_JAR", ANDROID_JAR)
    if not os.path.isfile(path):
        sys.exit(f"check-aar: the Android API jar {path} is missing (mvn verify or package downloads it)")
    return path


def java_home():
    out = subprocess.run(["java", "-XshowSettings:properties", "-version"], capture_output=True, text=True).stderr
    return next(line.split("=", 1)[1].strip() for line in out.splitlines() if line.strip().startswith("java.home ="))


def run_r8_tool(r8_jar, tool, args):
    """Runs D8 or R8; returns (exit status, everything it printed)."""
    done = subprocess.run(["java", "-cp", r8_jar, f"com.android.tools.r8.{tool}"] + args,
                          capture_output=True, text=True)
    return done.returncode, (done.stdout + done.stderr).strip()


# ---- dex ----

def uleb(data, pos):
    return elf_file.uleb(data, pos)


def dex_native_methods(dex):
    """(class name with slashes, method name, parameter descriptors) of every native method."""
    if dex[:4] != b"dex\n":
        raise ValueError("not a dex file")
    (string_n, string_off, type_n, type_off, proto_n, proto_off, _fn, _fo, method_n, method_off,
     class_n, class_off) = struct.unpack_from("<12I", dex, 0x38)

    def string(i):
        (off,) = struct.unpack_from("<I", dex, string_off + 4 * i)
        _, pos = uleb(dex, off)
        return dex[pos:dex.index(b"\0", pos)].decode("utf-8", "replace")

    def type_name(i):
        (desc,) = struct.unpack_from("<I", dex, type_off + 4 * i)
        return string(desc)

    def params(proto):
        (_shorty, _ret, plist) = struct.unpack_from("<III", dex, proto_off + 12 * proto)
        if plist == 0:
            return ""
        (n,) = struct.unpack_from("<I", dex, plist)
        return "".join(type_name(struct.unpack_from("<H", dex, plist + 4 + 2 * k)[0]) for k in range(n))

    found = []
    for c in range(class_n):
        (cls, _access, _super, _ifs, _src, _ann, data_off, _static) = struct.unpack_from("<8I", dex, class_off + 32 * c)
        if data_off == 0:
            continue
        pos = data_off
        counts = []
        for _ in range(4):
            n, pos = uleb(dex, pos)
            counts.append(n)
        for _ in range(counts[0] + counts[1]):  # fields
            _, pos = uleb(dex, pos)
            _, pos = uleb(dex, pos)
        for group in (counts[2], counts[3]):  # direct, then virtual methods
            index = 0
            for _ in range(group):
                diff, pos = uleb(dex, pos)
                access, pos = uleb(dex, pos)
                _, pos = uleb(dex, pos)
                index += diff
                if access & 0x100:
                    klass, proto, name = struct.unpack_from("<HHI", dex, method_off + 8 * index)
                    found.append((type_name(klass)[1:-1], string(name), params(proto)))
    return found


def jni_names(methods, mangle):
    names = set()
    for cls, method, args in methods:
        short = f"Java_{mangle(cls)}_{mangle(method)}"
        if sum(1 for c, m, _ in methods if c == cls and m == method) > 1:
            short += "__" + mangle(args)
        names.add(short)
    return names


def dex_jni_names(dex_dir, mangle):
    methods = []
    for name in sorted(os.listdir(dex_dir)):
        if name.endswith(".dex"):
            with open(os.path.join(dex_dir, name), "rb") as f:
                methods.extend(dex_native_methods(f.read()))
    return methods, jni_names(methods, mangle)


def library_exports(data):
    elf = elf_file.Elf(data)
    return {s["name"] for s in elf.symbols if s["shndx"] != elf_file.SHN_UNDEF and s["bind"] != elf_file.STB_LOCAL}


# ---- the checks ----

def check_d8(report, r8_jar, classes_jar, out, lib_args):
    os.makedirs(out, exist_ok=True)
    status, printed = run_r8_tool(r8_jar, "D8", ["--release", "--min-api", MIN_API, *lib_args, "--output", out, classes_jar])
    report.check(status == 0 and not printed, f"D8 --min-api {MIN_API}: no warning",
                 f"exit {status}, " + (f"printed: {printed[:300]}" if printed else "nothing printed"))
    return status == 0


def check_exports(report, names, libraries, what):
    for abi, data in libraries.items():
        missing = sorted(names - library_exports(data))
        report.check(bool(names) and not missing, f"{what}: every native has its export in {abi}",
                     f"{len(names)} natives" + (f"; missing {missing[:5]}" if missing else ""))


def check_r8(report, r8_jar, classes_jar, rules, out, lib_args, mangle, expected_natives, libraries):
    os.makedirs(out, exist_ok=True)
    app = os.path.join(out, "..", "app-rules.pro")
    with open(app, "w", encoding="utf-8") as f:
        f.write(APP_RULES)
    args = ["--release", "--min-api", MIN_API, *lib_args, "--output", out, "--pg-conf", app]
    if rules:
        args += ["--pg-conf", rules]
    status, printed = run_r8_tool(r8_jar, "R8", args + [classes_jar])
    if status != 0:
        report.check(False, "R8 with the consumer rules", f"exit {status}: {printed[:300]}")
        return
    methods, names = dex_jni_names(out, mangle)
    report.check(len(methods) == expected_natives, "R8: every native method survives",
                 f"{len(methods)} of {expected_natives}")
    check_exports(report, names, libraries, "R8 output (renamed by the app's shrinker)")


def quiet_report(natives):
    report = natives.Report("aar, broken input")
    report.quiet = True
    return report


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    self_test = "--self-test" in sys.argv
    if len(args) != 2:
        sys.exit("usage: check-aar.py R8_JAR AAR [--self-test]")
    r8_jar, aar_path = args
    natives = android_checks.load_check_natives()
    mangle = natives.jni_mangle
    report = natives.Report("aar")
    lib_args = ["--lib", java_home()]
    # TensorFlow Lite's API (the app's, provided scope for Model and GpuDelegateProxy), as the
    # Maven build unpacked it from its AAR.
    tflite_api = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "tflite-api", "classes.jar")
    if os.path.isfile(tflite_api):
        lib_args += ["--lib", tflite_api]
    with tempfile.TemporaryDirectory() as work, zipfile.ZipFile(aar_path) as aar:
        classes_jar = os.path.join(work, "classes.jar")
        with open(classes_jar, "wb") as f:
            f.write(aar.read("classes.jar"))
        rules = os.path.join(work, "proguard.txt")
        with open(rules, "wb") as f:
            f.write(aar.read("proguard.txt"))
        libraries = {abi: aar.read(f"jni/{abi}/libtensorbridge.so") for abi in android_checks.ABIS}

        if not check_d8(report, r8_jar, classes_jar, os.path.join(work, "d8"), lib_args):
            return 1
        methods, names = dex_jni_names(os.path.join(work, "d8"), mangle)
        with zipfile.ZipFile(classes_jar) as jar:
            from_classes = natives.expected_exports(jar) - {"JNI_OnLoad"}
        report.check(names == from_classes, "the dex declares the class files' natives",
                     f"{len(names)} in the dex, {len(from_classes)} in the class files")
        check_exports(report, names, libraries, "dex")
        r8_lib_args = lib_args + ["--lib", android_jar()]
        check_r8(report, r8_jar, classes_jar, rules, os.path.join(work, "r8"), r8_lib_args, mangle, len(methods), libraries)

        if self_test:
            print("== check-aar self-test: each check must fail on a broken input")
            results = []
            probe = quiet_report(natives)
            check_d8(probe, r8_jar, classes_jar, os.path.join(work, "d8-nolib"), [])
            results.append(("D8 without the library classes (desugaring warnings)", probe.failed))
            probe = quiet_report(natives)
            broken = dict(libraries)
            victim = sorted(names)[0]
            broken["arm64-v8a"] = broken["arm64-v8a"].replace(victim.encode() + b"\0", victim[:-1].encode() + b"X\0")
            check_exports(probe, names, broken, "dex")
            results.append((f"arm64-v8a library with {victim} renamed", probe.failed))
            probe = quiet_report(natives)
            check_r8(probe, r8_jar, classes_jar, None, os.path.join(work, "r8-norules"), r8_lib_args, mangle, len(methods), libraries)
            results.append(("R8 without the consumer rules", probe.failed))
            for what, failed in results:
                report.check(bool(failed), "self-test: the check fails on " + what,
                             f"fails {failed}" if failed else "NOT caught")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
