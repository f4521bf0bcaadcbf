// The same build as pom.xml (the build of record), for Gradle users. It cannot be run on the
// project's CI machines (no Gradle distribution can be downloaded there); keep it equivalent.
plugins {
    `java-library`
    `maven-publish`
}

group = "dev.tensorbridge"
version = "0.1.0" // keep equal to Cargo.toml and pom.xml

val osName = System.getProperty("os.name").lowercase()
val osArch = System.getProperty("os.arch").lowercase()
val nativePlatform = (when {
    osName.startsWith("linux") -> "linux"
    osName.startsWith("mac") -> "macos"
    osName.startsWith("windows") -> "windows"
    else -> osName
}) + "-" + (if (osArch == "amd64" || osArch == "x86_64") "x86_64" else if (osArch == "arm64") "aarch64" else osArch)
val nativeFile = System.mapLibraryName("tensorbridge")
// The JUnit run's library: the product plus the test-only natives (workspace member testing/).
val testNativeFile = System.mapLibraryName("tensorbridge_testing")
val cargoRelease = layout.projectDirectory.dir("target/release")
// `-PallPlatforms`: the release jar with the libraries of all five platforms, as `mvn -Pall-platforms`
// (scripts/build-natives.sh, on Linux); otherwise the build machine's library only.
val allPlatforms = providers.gradleProperty("allPlatforms").isPresent
val allNatives = layout.buildDirectory.dir("natives")

sourceSets {
    main {
        java.setSrcDirs(listOf("java/src/main/java"))
        resources.setSrcDirs(listOf("java/src/main/resources"))
    }
    test {
        java.setSrcDirs(listOf("java/src/test/java"))
        resources.setSrcDirs(emptyList<String>())
    }
}

repositories { mavenCentral() }

dependencies {
    testImplementation(platform("org.junit:junit-bom:5.11.4"))
    testImplementation("org.junit.jupiter:junit-jupiter")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
    testImplementation("com.google.code.gson:gson:2.11.0")
    testImplementation("com.microsoft.onnxruntime:onnxruntime:1.29.0")
}

tasks.compileJava { options.release.set(8) }
tasks.compileTestJava { options.release.set(17) }

val cargoBuild by tasks.registering(Exec::class) {
    description = "Builds the native library once, in release mode."
    commandLine("cargo", "rustc", "--release", "--lib", "--crate-type", "cdylib") // LTO: see Cargo.toml
    inputs.dir("src")
    inputs.file("Cargo.toml")
    outputs.file(cargoRelease.file(nativeFile))
}

val buildNatives by tasks.registering(Exec::class) {
    description = "Builds the native library for every platform the release jar carries."
    commandLine("bash", "scripts/build-natives.sh", allNatives.get().asFile.path)
    inputs.dir("src")
    inputs.file("Cargo.toml")
    inputs.file("scripts/build-natives.sh")
    outputs.dir(allNatives)
}

val cargoTest by tasks.registering(Exec::class) {
    description = "Runs the Rust tests, with the JNI bridge and for the core alone."
    commandLine("sh", "-c", "cargo test --release && cargo test --release --no-default-features")
}

tasks.processResources {
    filesMatching("dev/tensorbridge/tensorbridge.properties") {
        expand("project" to mapOf("version" to project.version))
    }
    if (allPlatforms) {
        // The host's library too comes from build-natives.sh (the glibc 2.17 build on Linux).
        dependsOn(buildNatives)
        from(allNatives)
    } else {
        dependsOn(cargoBuild)
        from(cargoRelease) {
            include(nativeFile)
            into("dev/tensorbridge/native/$nativePlatform")
        }
    }
}

val cargoBuildTesting by tasks.registering(Exec::class) {
    commandLine("cargo", "build", "--release", "-p", "tensorbridge-testing")
    outputs.file(cargoRelease.file(testNativeFile))
}

tasks.test {
    dependsOn(cargoBuild, cargoBuildTesting) // the tests load target/release's libraries by path
    useJUnitPlatform()
    jvmArgs("-Xcheck:jni")
    val main = sourceSets.main.get().output
    systemProperty("tensorbridge.library.path", cargoRelease.file(testNativeFile).asFile.path)
    systemProperty("tensorbridge.test.cargoLibrary", cargoRelease.file(nativeFile).asFile.path)
    systemProperty("tensorbridge.test.classesDir", (main.classesDirs.files + main.resourcesDir!!).joinToString(File.pathSeparator))
    systemProperty("tensorbridge.test.testClassesDir", sourceSets.test.get().output.classesDirs.asPath)
    systemProperty("tensorbridge.test.version", project.version.toString())
}

tasks.check { dependsOn(cargoTest) }

tasks.jar {
    manifest {
        attributes(
            "Main-Class" to "dev.tensorbridge.demo.Demo",
            // JDK 24+ warns on every start of a jar that loads native code without it.
            "Enable-Native-Access" to "ALL-UNNAMED",
            "Automatic-Module-Name" to "dev.tensorbridge",
        )
    }
}

// tensorbridge-<version>-desktop-natives.jar: only the desktop libraries, for an Android app's local
// unit tests next to the AAR (docs/android.md); as pom.xml's desktop-natives execution.
val desktopNativesJar by tasks.registering(Jar::class) {
    archiveClassifier.set("desktop-natives")
    dependsOn(tasks.processResources)
    from(sourceSets.main.get().output.resourcesDir!!) { include("dev/tensorbridge/native/**") }
    manifest { attributes("Automatic-Module-Name" to "dev.tensorbridge.natives") }
}
tasks.assemble { dependsOn(desktopNativesJar) }

// The TensorBuffer classes are TFLite Support's, under the same names: declaring the capability of
// org.tensorflow:tensorflow-lite-support-api makes Gradle report a capability conflict naming both
// modules instead of a "Duplicate class" build error. As pom.xml's Gradle Module Metadata.
listOf("apiElements", "runtimeElements").forEach { name ->
    configurations.named(name) {
        outgoing {
            capability("dev.tensorbridge:tensorbridge:${project.version}")
            capability("org.tensorflow:tensorflow-lite-support-api:0.4.4")
        }
    }
}

publishing {
    publications {
        create<MavenPublication>("maven") {
            from(components["java"])
            artifact(desktopNativesJar)
        }
    }
}
