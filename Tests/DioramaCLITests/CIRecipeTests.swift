import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

@testable import DioramaCLI

/// The CI recipes in Examples/ci (Docs/ci.md) must not rot: each file
/// parses (YAML with PyYAML, the Bazel BUILD file as the Python syntax
/// Starlark is, the shell script with `sh -n`), and every `diorama` command
/// line in them — with the values each CI job would have (matrix entries,
/// job variables, shard variables) — parses as the current CLI's command.
@Suite("Examples/ci recipes", .ownThreads)
struct CIRecipeTests {
    /// One `diorama` invocation found in a recipe, as a job would run it.
    struct Invocation: Decodable {
        var file: String
        var job: String
        var arguments: [String]
        /// The shard variables the job would have.
        var environment: [String: String]
    }

    static let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/ci")

    /// Reads the recipes with Python (PyYAML, `ast`), expands each job's
    /// variables and prints every `diorama` command line as JSON.
    static let extractor = #"""
        import ast, itertools, json, os, re, shlex, subprocess, sys, yaml
        root = sys.argv[1]
        found = []

        def expand(text, env):
            def github(match):
                key = match.group(1)
                if key not in env:
                    sys.exit("unknown expression ${{ %s }} in a command" % key)
                return env[key]
            text = re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", github, text)
            def shell(match):
                name = match.group(1) or match.group(3)
                default = match.group(2)
                if name in env:
                    return env[name]
                if default is not None:
                    return default
                sys.exit("unset variable $%s in a command" % name)
            return re.sub(r"\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)", shell, text)

        def commands(where, job, script, env, shard_env):
            script = script.replace("\\\n", " ")
            for line in script.splitlines():
                words = shlex.split(expand(line, env), comments=True)
                if words and words[0] == "exec":
                    words = words[1:]
                if words and (words[0] == "diorama" or words[0].endswith("/diorama")):
                    found.append({"file": where, "job": job, "arguments": words[1:], "environment": shard_env})

        # GitHub Actions: every combination of each job's matrix.
        path = os.path.join(root, "github-actions.yml")
        workflow = yaml.safe_load(open(path))
        for name, job in workflow["jobs"].items():
            matrix = (job.get("strategy") or {}).get("matrix") or {}
            keys = sorted(matrix)
            for values in itertools.product(*[matrix[key] for key in keys]) if keys else [()]:
                env = {"matrix." + key: str(value) for key, value in zip(keys, values)}
                for step in job["steps"]:
                    if "run" in step:
                        commands("github-actions.yml", name, step["run"], env, {})

        # GitLab CI: concrete jobs, with what they extend, once per parallel index.
        path = os.path.join(root, "gitlab-ci.yml")
        pipeline = yaml.safe_load(open(path))
        reserved = {"stages", "variables", "default", "include", "workflow"}
        def resolved(name):
            job = dict(pipeline[name])
            if "extends" in job:
                base = resolved(job.pop("extends"))
                variables = dict(base.get("variables", {}))
                variables.update(job.get("variables", {}))
                base.update(job)
                base["variables"] = variables
                job = base
            return job
        for name in pipeline:
            if name in reserved or name.startswith("."):
                continue
            job = resolved(name)
            total = job.get("parallel", 1)
            for index in range(1, total + 1):
                shard_env = {"CI_NODE_TOTAL": str(total)}
                if "parallel" in job:
                    shard_env["CI_NODE_INDEX"] = str(index)
                env = {key: str(value) for key, value in job.get("variables", {}).items()}
                env.update(shard_env)
                for line in job["script"]:
                    commands("gitlab-ci.yml", name, line, env, shard_env)

        # Bazel: the sh_test's attributes, then its script once per shard.
        path = os.path.join(root, "bazel", "BUILD.bazel")
        tree = ast.parse(open(path).read(), path)
        tests = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "sh_test"]
        if len(tests) != 1:
            sys.exit("BUILD.bazel: expected one sh_test, found %d" % len(tests))
        attributes = {keyword.arg: ast.literal_eval(keyword.value) for keyword in tests[0].keywords}
        shards = attributes["shard_count"]
        for source in attributes["srcs"]:
            script = os.path.join(root, "bazel", source)
            subprocess.run(["sh", "-n", script], check=True)
            for index in range(shards):
                shard_env = {"TEST_TOTAL_SHARDS": str(shards), "TEST_SHARD_INDEX": str(index)}
                env = dict(attributes.get("env", {}))
                env.update(shard_env)
                env.update({"TEST_TMPDIR": "/tmp/test", "TEST_UNDECLARED_OUTPUTS_DIR": "/tmp/outputs"})
                commands("bazel/" + source, attributes["name"], open(script).read(), env, shard_env)

        json.dump(found, sys.stdout)
        """#

    static func invocations() throws -> [Invocation] {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/python3"), arguments: ["-c", extractor, recipes.path],
            environment: ChildProcess.minimalEnvironment(), timeout: 60)
        guard result.status == 0 else {
            Issue.record("the recipes did not parse:\n\(result.standardError)")
            return []
        }
        return try JSONDecoder().decode([Invocation].self, from: Data(result.standardOutput.utf8))
    }

    @Test("every diorama command line in Examples/ci parses as the current CLI's")
    func commandLinesParse() throws {
        let invocations = try Self.invocations()
        for invocation in invocations {
            do {
                let command = try DioramaCommand.parseAsRoot(invocation.arguments)
                #expect(
                    command is RunCommand || command is MergeCommand || command is CheckCommand,
                    "\(invocation.file) (\(invocation.job)): \(invocation.arguments) is not run, merge or check")
            } catch {
                Issue.record(
                    "\(invocation.file) (\(invocation.job)): diorama \(invocation.arguments.joined(separator: " ")): \(DioramaCommand.message(for: error))"
                )
            }
        }
        // Each recipe runs its shards and (GitHub, GitLab) merges them.
        let files = Dictionary(grouping: invocations, by: \.file)
        #expect(Set(files.keys) == ["github-actions.yml", "gitlab-ci.yml", "bazel/scenarios_test.sh"])
        for file in ["github-actions.yml", "gitlab-ci.yml"] {
            let subcommands = Set((files[file] ?? []).compactMap(\.arguments.first))
            #expect(subcommands == ["run", "merge"], "\(file): \(subcommands)")
        }
    }

    @Test("every shard of every recipe runs its own part and keeps its results for the merge")
    func shardsCoverTheSuite() throws {
        let runs = try Self.invocations().filter { $0.arguments.first == "run" }
        #expect(!runs.isEmpty)
        var shardsPerRecipe: [String: Set<String>] = [:]
        var results: [String: Set<String>] = [:]
        for invocation in runs {
            let command = try #require(try DioramaCommand.parseAsRoot(invocation.arguments) as? RunCommand)
            // The shard the job runs: its --shard, else its CI variables.
            let choice = try #require(
                try ShardConvention.choose(option: command.shard, environment: invocation.environment),
                "\(invocation.file) (\(invocation.job)) runs no shard")
            shardsPerRecipe[invocation.file + " " + command.backend.rawValue, default: []].insert(choice.shard.description)
            let json = try #require(command.reports.json, "\(invocation.file) (\(invocation.job)): no --json for the merge")
            results[invocation.file, default: []].insert(json)
            #expect(command.workDir != ".diorama-run", "\(invocation.file) (\(invocation.job)): a work dir of its own")
        }
        for (recipe, shards) in shardsPerRecipe {
            let count = try Shard(parsing: try #require(shards.first)).count
            #expect(shards == Set((1...count).map { "\($0)/\(count)" }), "\(recipe): shards \(shards.sorted())")
        }
        // Distinct results files per job, so no upload overwrites another (Bazel keeps each shard's outputs apart itself).
        #expect(results["github-actions.yml"]?.count == 9)
        #expect(results["gitlab-ci.yml"]?.count == 9)
    }
}
