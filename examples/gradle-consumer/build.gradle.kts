// The Gradle twin of ../maven-consumer: the same app code and unit tests (compiled from that
// project's directories, not copied), against dev.tensorbridge:tensorbridge:0.1.0 from the local
// Maven repository (`mvn install` in the repository root puts it there). Not run on the project's
// CI machines, which have no Gradle; see ../README.md.
plugins {
    java
}

group = "dev.tensorbridge.examples"
version = "0.1.0"

repositories {
    mavenLocal { content { includeGroup("dev.tensorbridge") } } // tensorbridge itself, until it is published
    mavenCentral() // JUnit
}

dependencies {
    implementation("dev.tensorbridge:tensorbridge:0.1.0")
    testImplementation(platform("org.junit:junit-bom:5.11.4"))
    testImplementation("org.junit.jupiter:junit-jupiter")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
}

tasks.withType<JavaCompile>().configureEach { options.release.set(17) } // as maven.compiler.release

sourceSets {
    main { java.setSrcDirs(listOf("../maven-consumer/src/main/java")) }
    test { java.setSrcDirs(listOf("../maven-consumer/src/test/java")) }
}

tasks.test {
    useJUnitPlatform()
    jvmArgs("-Xcheck:jni")
}
