# The llm-harness container image without Jib, for docker or podman. Build the application first, then the image:
#
#   ./mvnw -DskipTests clean package
#   docker build -t llm-harness:0.1.0-SNAPSHOT .        # or: podman build -t llm-harness:0.1.0-SNAPSHOT .
#
# Same layout and entry point as the Jib build (./mvnw -Pimage ...): the jars in /app/libs, `harness` as the
# entry point, /workspace as the working directory. docs/kubernetes.md has the push and run steps.
FROM eclipse-temurin:21-jre
COPY harness-app/target/lib/ /app/libs/
COPY harness-app/target/llm-harness.jar /app/libs/llm-harness.jar
# the script is executable in git (mode 755), and COPY keeps that
COPY harness-app/src/main/jib/usr/local/bin/harness /usr/local/bin/harness
WORKDIR /workspace
ENTRYPOINT ["/usr/local/bin/harness"]
