rootProject.name = "tensorbridge"
