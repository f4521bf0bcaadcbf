rootProject.name = "gradle-consumer"
