# Sourced by the benchmarks (run from the project's root): their set-up, the JVM ./csf runs and the hello
# world the start-up and memory benchmarks measure against it.

# bench_start: builds the jar unless SKIP_BUILD is set, then times the tool only (CSF_NO_REBUILD), and
# makes $work, a directory removed on exit.
bench_start() {
  if [[ -z "${SKIP_BUILD:-}" ]]; then
    ./csf --version >/dev/null
  fi
  export CSF_NO_REBUILD=1
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
}

# launcher_java: the java executable ./csf chooses (CSF_JAVA, JAVA_HOME, PATH), as the launcher itself
# reports it, so the benchmarks never guess differently from it.
launcher_java() {
  local home
  home="$(CSF_NO_CDS=1 CSF_NO_REBUILD=1 CSF_JAVA_OPTS=-XshowSettings:properties ./csf --version 2>&1 \
    | awk '$1 == "java.home" { print $3 }')"
  [[ -x "$home/bin/java" ]] || { echo "cannot tell which JVM ./csf runs" >&2; return 1; }
  echo "$home/bin/java"
}

# hello_world_jar DIR: writes DIR/hello.jar, whose main class prints "hello" (a jar, as csf is one:
# class-data archives only take jars on the class path).
hello_world_jar() {
  mkdir -p "$1/hello-classes"
  cat > "$1/Hello.java" <<'JAVA'
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
JAVA
  javac --release 17 -d "$1/hello-classes" "$1/Hello.java"
  jar --create --file "$1/hello.jar" --main-class Hello -C "$1/hello-classes" .
}

# bench_classpath: makes $work (removed on exit) and sets $cp to the bench module's classes and dependencies
# (a plain class path rather than the shaded jar, which carries LSP4J's signature files), built unless
# BENCH_CP gives one.
bench_classpath() {
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  if [[ -n "${BENCH_CP:-}" ]]; then
    cp="$BENCH_CP"
  else
    echo "building the bench module ..." >&2
    local build=(-q -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.outputFile="$work/cp.txt")
    ./mvnw -o "${build[@]}" >&2 || ./mvnw "${build[@]}" >&2
    cp="bench/target/classes:$(cat "$work/cp.txt")"
  fi
}
