# Homebrew formula: `brew install --build-from-source Formula/sceneflow.rb` from a clone, or through a tap.
class Sceneflow < Formula
  desc "Validate, run and draw VIP (Clean Swift), VIPER and SwiftUI scene flows"
  homepage "https://github.com/sceneflow/sceneflow"
  url "https://github.com/sceneflow/sceneflow.git", tag: "v0.1.0"
  license "Apache-2.0"
  head "https://github.com/sceneflow/sceneflow.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.3", :build]
  depends_on "graphviz"
  depends_on macos: :sonoma

  def install
    system "make", "install", "PREFIX=#{prefix}"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/sceneflow --version")
    (testpath/"Counter.yml").write <<~YAML
      scenario: Counter
      pattern: appstate
      start: Some
      appState: { someInt: Int = 1 }
      scenes:
        Some:
          view:
            shows: { count: appState.someInt }
          useCases:
            DoSomething:
              methods: { interactor: doSomething() }
              interactor:
                - store: { someInt: appState.someInt + 1 }
      story:
        - do: Some.DoSomething
          expect: { shown: { count: 2 } }
    YAML
    system bin/"sceneflow", "check", testpath/"Counter.yml"
  end
end
