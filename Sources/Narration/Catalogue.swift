import ScenarioSpec

/// The languages narration speaks.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"
}

/// Every sentence narration says, in every language, in one place. Entries are templates with `{name}`
/// placeholders; `text(_:_:)` fills them. A key missing in a language falls back to English (a test keeps the
/// tables complete and their placeholders equal).
///
/// Keys: `kind.<event kind>` says what happened; `why.<stage>[.<pattern>]` why the pattern sends it there (the
/// pattern-specific entry wins); `setup.why.<pattern>` why scenes are wired; the rest are frames and the quiz.
public struct Catalogue: Sendable {
    public var language: Language

    public init(_ language: Language = .english) {
        self.language = language
    }

    /// The template for `key` with `arguments` filled in.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = Self.tables[language]?[key] ?? Self.english[key] ?? key
        guard template.contains("{") else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += arguments[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Whether the catalogue has `key` (in English, which every language completes).
    public func has(_ key: String) -> Bool { Self.english[key] != nil }

    public static let tables: [Language: [String: String]] = [.english: english, .korean: korean]

    // MARK: - English

    public static let english: [String: String] = [
        "title": "{scenario} — explained ({pattern}, {file})",
        "legend": "Each message: who sends it to whom, through which protocol, why the pattern sends it there, and the data it carries.",
        "setup": "Scene {scene} is put together: {configurator} wires {wiring}.",
        "setup.why.clean-swift": "The Configurator connects a scene's parts through protocols, so each knows only what it talks to: the View its Interactor (BusinessLogic) and Router, the Interactor its Presenter (PresentationLogic), the Presenter the View (DisplayLogic). It runs once, when the View Controller is created (its initialiser or awakeFromNib calls it), before viewDidLoad.",
        "setup.why.clean-swift.setup": "The View Controller's setup(), called from its initialisers as the current Clean Swift template does, creates the Interactor, Presenter and Router and connects them through protocols, so each knows only what it talks to: the View its Interactor (BusinessLogic) and Router, the Interactor its Presenter (PresentationLogic), the Presenter the View (DisplayLogic).",
        "setup.why.swiftui": "The view's configure step connects View, Interactor and Presenter through protocols, so each knows only the next one in the cycle.",
        "setup.why.appstate": "The Interactor and the AppState are injected into the view's environment; the View observes the AppState and re-renders when it changes.",
        "setup.why.viper": "The WireFrame builds the module: it creates View, Presenter, Interactor and DataManagers and gives each its neighbours, so they only know each other's protocols.",
        "cycle.start": "Cycle {cycle}{step}: {useCase}{title}",
        "cycle.start.step": " (story step {step})",
        "cycle.end": "End of cycle {cycle}.",
        "run.end.completed": "The story ran to its end: {cycles} cycles, {messages} messages, {time} ms simulated.",
        "run.end.failed": "The run stopped: {error}.",
        "carries": "Carries",
        "code": "Code",
        "code.file": "The whole file",
        "why": "Why",
        "through": "through {protocol}",

        "kind.action": "The user triggers {method} on {to}.",
        "kind.request": "{from} sends a Request to {to}: {signature}.",
        "kind.request.viper": "{from} asks {to} for the data: {signature}.",
        "kind.event": "{from} tells {to} what happened: {signature}.",
        "kind.workerCall": "{from} asks {to} to do the work: {method}.",
        "kind.workerResult": "{from} answers {to}{latency}.",
        "kind.workerError": "{from} fails{latency}: {value}.",
        "kind.dataStoreWrite": "{from} keeps {method} = {value} in {to}.",
        "kind.stateWrite": "{from} sets its state: {method} = {value}.",
        "kind.response": "{from} hands the result to {to} as a Response: {signature}.",
        "kind.response.viper": "{from} reports back to {to}: {signature}.",
        "kind.display": "{from} gives {to} a ViewModel, ready to show: {signature}.",
        "kind.display.viper": "{from} tells {to} what to show: {signature}.",
        "kind.show": "{from} shows {method} = {value}.",
        "kind.route": "{from} asks {to} to go on: {signature}.",
        "kind.dataPassing": "{from} passes data to the next scene: {note}.",
        "kind.navigation": "{from} moves to {to} ({note}).",
        "kind.navigation.back": "The user goes back: {note}.",
        "kind.load": "{to} is created and loads: {method}.",
        "kind.appear": "{to} comes on screen: {method}.",
        "kind.call": "{from} calls {to}: {signature}.",
        "kind.publish": "{from} writes {method} = {value} to the AppState, which publishes the change.",
        "kind.render": "{to} re-renders: the AppState it observes changed.",
        "kind.configure": "{from} sets {method} = {note} on {to}.",
        "latency": " after {ms} ms",

        "why.user": "The View is where the person meets the app: it turns taps into messages and puts results on screen.",
        "why.request": "The Interactor holds the scene's business logic: it decides what happens, calls Workers and keeps state in its DataStore. The View decides nothing itself: it creates the Request from what the user did and forwards it.",
        "why.input.viper": "In VIPER only the Presenter talks to the Interactor, and it asks for data, never for formatting: the Interactor holds the use case's business logic.",
        "why.event.viper": "In VIPER the View is passive: it reports the user's events to its Presenter, the module's hub, and waits to be told what to show.",
        "why.worker": "Workers do the reusable or slow work (network, database, parsing), so the Interactor stays about the use case and a Worker can be replaced in tests.",
        "why.worker.viper": "DataManagers fetch and save data (remote API, local cache) for the Interactor, which stays free of where the data comes from.",
        "why.store": "The DataStore keeps the scene's state between cycles, and the Router reads it to hand data to the next scene.",
        "why.store.swiftui": "The View keeps its state in the DataStore it observes; changing it re-renders the body.",
        "why.response": "The Interactor creates the Response with raw results; turning them into text for the screen is the Presenter's job, so business logic never formats. The cycle runs one way: the Presenter never calls the Interactor back, so no call loops and each part can be tested alone.",
        "why.response.viper": "The Interactor answers its Presenter through the output protocol; the Presenter decides what the View and the WireFrame do next.",
        "why.display": "The Presenter creates the ViewModel: only what the View shows, already formatted, so the View has no logic left to test. It holds the View weakly: the View owns the Interactor, which owns the Presenter, and a strong reference back would close a retain cycle that keeps the scene alive forever.",
        "why.display.viper": "The Presenter drives the passive View: it calls the View's protocol with values ready to show.",
        "why.route": "Navigation belongs to the Router, so the View knows nothing about other scenes.",
        "why.route.viper": "The WireFrame owns navigation and module assembly, so the Presenter never creates screens.",
        "why.next": "DataPassing: the Router copies what the next scene needs from this DataStore into the next one's, so scenes never talk to each other directly.",
        "why.next.viper": "The WireFrame builds the next module and hands it what it needs, so one module never reaches into another's Presenter or Interactor.",
        "why.next.swiftui": "The Router copies what the next screen needs into its DataStore, the state its View observes, so screens never talk to each other directly.",
        "why.request.appstate": "The Interactor holds the business logic and keeps no state of its own: it reads and writes the AppState, which every View observing it follows. The View decides nothing itself; it only forwards what the user did.",
        "why.request.swiftui": "The Interactor holds the scene's business logic: it decides what happens and calls Workers; the state lives in the DataStore the View owns and observes. The View decides nothing itself; it only forwards what the user did.",
        "why.display.swiftui": "The ViewModel holds only what the View shows, already formatted. A SwiftUI View is a struct, so the Presenter does not hold the View itself: it holds the View's observable DataStore (through DisplayLogic) and writing it re-renders the body.",
        "why.back": "Going back takes the top scene off the screen and releases its View, Interactor, Presenter and Router; the scene below comes back as it was, its DataStore untouched: nothing is passed back unless a route passes it.",
        "why.publish": "The AppState is state the app shares; the Interactor writes it and every View that observes it updates.",
        "why.render": "A SwiftUI View is a function of the state it observes: when the AppState changes, its body is computed again.",

        "quiz.intro": "Quiz: before each message, say which component receives it. Answer with its number (or name); an empty line shows the answer.",
        "quiz.ask": "{from} sends {what}. Who receives it?",
        "quiz.right": "✓ Right: {to}.",
        "quiz.wrong": "✗ It goes to {to}.",
        "quiz.score": "Score: {right} of {asked}.",
        "quiz.stopped": "Quiz stopped: no more answers.",
        "quiz.what.request": "a Request",
        "quiz.what.request.viper": "a request for data",
        "quiz.what.event": "the user's event",
        "quiz.what.workerCall": "a call for work to be done",
        "quiz.what.response": "a Response",
        "quiz.what.response.viper": "the result",
        "quiz.what.display": "a ViewModel",
        "quiz.what.display.viper": "what to show",
        "quiz.what.route": "a request to navigate",
        "quiz.what.dataPassing": "data for the next scene",
        "quiz.what.navigation": "the navigation",
        "quiz.what.dataStoreWrite": "a value to keep",
        "quiz.what.publish": "a change of shared state",
        "quiz.what.render": "a change to observe",

        "step.prompt": "[Enter: next · q: quit]",
        "picture.now": "now",
        "mistake.title": "Mistake {rule} — {scenario}, broken on purpose",
        "mistake.gallery": "Mistakes in {pattern} — {scenario}, each rule broken on purpose",
        "report.mistakes": "Mistakes",
        "report.back": "← the run's report",
        "mistake.breaks": "✗ {path} breaks {rule}: {text}.",
        "mistake.wrong": "What would go wrong in the app: {consequence}",
        "mistake.fix": "Fix: {fix}.",
        "mistake.end": "The run stops after the cycle with the mistake, at message {messages}.",
        "mistake.clean-swift/interactor-owns-datastore": "the View writes state the Interactor owns: the next Request reads a value no business rule checked, the Router passes it on to the next scene, and the Interactor's unit tests no longer see every write.",
        "mistake.clean-swift/one-way": "the Presenter now holds the Interactor that holds it: a retain cycle keeps the scene alive after it leaves the screen, and a Response that starts a new Request can loop without end.",
        "mistake.clean-swift/view-to-interactor": "the View skips the Interactor: no business rule runs and nothing is stored, so what the Router passes on is stale, and the Presenter now depends on the View.",
        "mistake.clean-swift/view-routes": "the Presenter decides which screen comes next: formatting code now depends on UIKit navigation, it cannot be tested without a view hierarchy, and the View can no longer show the answer before it leaves.",
        "mistake.clean-swift/workers-serve-interactor": "the Presenter does business work: its result bypasses the Interactor, nothing stores it in the DataStore, and the same work is done again wherever another scene needs it.",
        "mistake.swiftui/view-owns-datastore": "the Interactor writes the View's ObservableObject from outside the display cycle: SwiftUI re-renders before the Presenter has formatted the answer, the screen shows raw values, and the write may come from a background thread.",
        "mistake.swiftui/one-way": "the Presenter calls back into the Interactor: a Response can start a new Request, the cycle can loop, and a Presenter holding the Interactor strongly keeps the scene alive after the View is gone.",
        "mistake.swiftui/view-to-interactor": "the View skips the Interactor: no business rule runs, and the Presenter formats values no one checked.",
        "mistake.viper/presenter-navigates": "the View navigates on its own: the Presenter, the module's hub, never learns the module changed, cannot prepare the next module's data, and the WireFrame's wiring is bypassed.",
        "mistake.viper/through-presenter": "the Interactor updates the View directly: the Presenter's formatting is skipped, the Interactor now depends on UIKit, and updates may arrive off the main thread.",
        "mistake.viper/view-knows-presenter": "the Presenter does not know a request is under way: it cannot show loading or route on the answer, and the Interactor's output reaches a Presenter that did not ask.",
        "mistake.appstate/no-return": "only the View that asked sees the result: other Views observing AppState never update, and the state the app shows splits in two.",
    ]

    // MARK: - Korean

    public static let korean: [String: String] = [
        "title": "{scenario} — 단계별 설명 ({pattern}, {file})",
        "legend": "각 메시지마다 누가 누구에게 어떤 프로토콜로 보내는지, 패턴이 왜 그곳으로 보내는지, 어떤 데이터를 담는지 설명합니다.",
        "setup": "{scene} 씬을 조립합니다: {configurator}가 {wiring}을(를) 연결합니다.",
        "setup.why.clean-swift": "Configurator는 씬의 구성 요소를 프로토콜로 연결해, 각자가 대화하는 상대만 알게 합니다. View는 Interactor(BusinessLogic)와 Router를, Interactor는 Presenter(PresentationLogic)를, Presenter는 View(DisplayLogic)를 압니다. View Controller가 만들어질 때(이니셜라이저나 awakeFromNib에서) viewDidLoad보다 먼저 한 번 실행됩니다.",
        "setup.why.clean-swift.setup": "현재 Clean Swift 템플릿처럼 View Controller의 초기화에서 부르는 setup()이 Interactor, Presenter, Router를 만들고 프로토콜로 연결해, 각자가 대화하는 상대만 알게 합니다. View는 Interactor(BusinessLogic)와 Router를, Interactor는 Presenter(PresentationLogic)를, Presenter는 View(DisplayLogic)를 압니다.",
        "setup.why.swiftui": "뷰의 configure 단계가 View, Interactor, Presenter를 프로토콜로 연결해, 각자는 사이클의 다음 대상만 압니다.",
        "setup.why.appstate": "Interactor와 AppState는 뷰의 environment로 주입됩니다. View는 AppState를 관찰하다가 바뀌면 다시 그립니다.",
        "setup.why.viper": "WireFrame이 모듈을 만듭니다. View, Presenter, Interactor, DataManager를 생성하고 서로를 연결해, 각자는 상대의 프로토콜만 압니다.",
        "cycle.start": "사이클 {cycle}{step}: {useCase}{title}",
        "cycle.start.step": " (스토리 {step}단계)",
        "cycle.end": "사이클 {cycle} 끝.",
        "run.end.completed": "스토리를 끝까지 실행했습니다: 사이클 {cycles}개, 메시지 {messages}개, 시뮬레이션 시간 {time} ms.",
        "run.end.failed": "실행이 멈췄습니다: {error}.",
        "carries": "데이터",
        "code": "코드",
        "code.file": "파일 전체",
        "why": "이유",
        "through": "{protocol} 경유",

        "kind.action": "사용자가 {to}에서 {method}을(를) 실행합니다.",
        "kind.request": "{from}이(가) {to}에게 Request를 보냅니다: {signature}.",
        "kind.request.viper": "{from}이(가) {to}에게 데이터를 요청합니다: {signature}.",
        "kind.event": "{from}이(가) {to}에게 일어난 일을 알립니다: {signature}.",
        "kind.workerCall": "{from}이(가) {to}에게 작업을 맡깁니다: {method}.",
        "kind.workerResult": "{from}이(가) {to}에게 답합니다{latency}.",
        "kind.workerError": "{from}이(가) 실패합니다{latency}: {value}.",
        "kind.dataStoreWrite": "{from}이(가) {to}에 {method} = {value}을(를) 저장합니다.",
        "kind.stateWrite": "{from}이(가) 상태를 바꿉니다: {method} = {value}.",
        "kind.response": "{from}이(가) 결과를 Response로 {to}에게 넘깁니다: {signature}.",
        "kind.response.viper": "{from}이(가) {to}에게 결과를 알립니다: {signature}.",
        "kind.display": "{from}이(가) 화면에 바로 보여 줄 ViewModel을 {to}에게 줍니다: {signature}.",
        "kind.display.viper": "{from}이(가) {to}에게 보여 줄 것을 알려 줍니다: {signature}.",
        "kind.show": "{from}이(가) {method} = {value}을(를) 보여 줍니다.",
        "kind.route": "{from}이(가) {to}에게 화면 이동을 요청합니다: {signature}.",
        "kind.dataPassing": "{from}이(가) 다음 씬으로 데이터를 넘깁니다: {note}.",
        "kind.navigation": "{from}이(가) {to}(으)로 이동합니다 ({note}).",
        "kind.navigation.back": "사용자가 뒤로 갑니다: {note}.",
        "kind.load": "{to}이(가) 만들어지고 로드됩니다: {method}.",
        "kind.appear": "{to}이(가) 화면에 나타납니다: {method}.",
        "kind.call": "{from}이(가) {to}을(를) 호출합니다: {signature}.",
        "kind.publish": "{from}이(가) AppState에 {method} = {value}을(를) 쓰고, AppState가 변경을 알립니다.",
        "kind.render": "{to}이(가) 다시 그려집니다: 관찰하던 AppState가 바뀌었습니다.",
        "kind.configure": "{from}이(가) {to}의 {method}에 {note}을(를) 설정합니다.",
        "latency": " ({ms} ms 후)",

        "why.user": "View는 사람과 앱이 만나는 곳입니다. 탭을 메시지로 바꾸고 결과를 화면에 보여 줍니다.",
        "why.request": "Interactor는 씬의 비즈니스 로직을 담습니다. 무엇을 할지 결정하고, Worker를 부르고, DataStore에 상태를 보관합니다. View는 스스로 결정하지 않고, 사용자의 행동으로 Request를 만들어 전달할 뿐입니다.",
        "why.input.viper": "VIPER에서는 Presenter만 Interactor와 대화하며, 포맷이 아니라 데이터를 요청합니다. 유스케이스의 비즈니스 로직은 Interactor에 있습니다.",
        "why.event.viper": "VIPER의 View는 수동적입니다. 사용자의 이벤트를 모듈의 중심인 Presenter에게 알리고, 무엇을 보여 줄지 지시를 기다립니다.",
        "why.worker": "Worker는 재사용되거나 느린 작업(네트워크, 데이터베이스, 파싱)을 맡습니다. 그래서 Interactor는 유스케이스에만 집중하고, 테스트에서는 Worker를 바꿔 끼울 수 있습니다.",
        "why.worker.viper": "DataManager는 Interactor를 대신해 데이터를 가져오고 저장합니다(원격 API, 로컬 캐시). Interactor는 데이터의 출처를 몰라도 됩니다.",
        "why.store": "DataStore는 사이클 사이에 씬의 상태를 보관하고, Router는 이를 읽어 다음 씬에 데이터를 넘깁니다.",
        "why.store.swiftui": "View는 관찰하는 DataStore에 상태를 둡니다. 값이 바뀌면 body가 다시 그려집니다.",
        "why.response": "Interactor가 가공하지 않은 결과로 Response를 만듭니다. 화면에 맞는 텍스트로 바꾸는 일은 Presenter의 몫이라, 비즈니스 로직은 포맷을 다루지 않습니다. 사이클은 한 방향으로만 돕니다. Presenter는 Interactor를 다시 부르지 않으므로 호출이 되돌아 돌지 않고, 각 부분을 따로 테스트할 수 있습니다.",
        "why.response.viper": "Interactor는 output 프로토콜로 Presenter에게 답합니다. View와 WireFrame이 다음에 무엇을 할지는 Presenter가 정합니다.",
        "why.display": "Presenter가 ViewModel을 만듭니다. View가 보여 줄 값만, 이미 포맷된 채로 들어 있어 View에는 테스트할 로직이 남지 않습니다. Presenter는 View를 weak로 참조합니다. View가 Interactor를, Interactor가 Presenter를 소유하므로, 강한 참조로 되돌아가면 순환 참조가 생겨 씬이 영영 해제되지 않습니다.",
        "why.display.viper": "Presenter가 수동적인 View를 움직입니다. 보여 줄 준비가 된 값으로 View의 프로토콜을 호출합니다.",
        "why.route": "화면 이동은 Router의 일입니다. 그래서 View는 다른 씬을 전혀 모릅니다.",
        "why.route.viper": "화면 이동과 모듈 조립은 WireFrame의 일입니다. 그래서 Presenter는 화면을 직접 만들지 않습니다.",
        "why.next": "DataPassing: Router가 다음 씬에 필요한 값을 이 DataStore에서 다음 씬의 DataStore로 복사합니다. 씬끼리는 직접 대화하지 않습니다.",
        "why.next.viper": "WireFrame이 다음 모듈을 만들고 필요한 값을 넘깁니다. 한 모듈이 다른 모듈의 Presenter나 Interactor에 손대지 않습니다.",
        "why.next.swiftui": "Router가 다음 화면에 필요한 값을 그 화면의 View가 관찰하는 DataStore로 복사합니다. 화면끼리는 직접 대화하지 않습니다.",
        "why.request.appstate": "Interactor는 비즈니스 로직을 담고 자기 상태를 갖지 않습니다. AppState를 읽고 쓰며, AppState를 관찰하는 모든 View가 따라 바뀝니다. View는 스스로 결정하지 않고 사용자의 행동을 전달할 뿐입니다.",
        "why.request.swiftui": "Interactor는 씬의 비즈니스 로직을 담습니다. 무엇을 할지 결정하고 Worker를 부릅니다. 상태는 View가 소유하고 관찰하는 DataStore에 있습니다. View는 스스로 결정하지 않고 사용자의 행동을 전달할 뿐입니다.",
        "why.display.swiftui": "ViewModel에는 View가 보여 줄 값만, 이미 포맷된 채로 들어 있습니다. SwiftUI의 View는 구조체라서 Presenter는 View 자체가 아니라 View가 관찰하는 DataStore를 (DisplayLogic으로) 참조하고, 그 값을 쓰면 body가 다시 그려집니다.",
        "why.back": "뒤로 가면 맨 위 씬이 화면에서 내려가고 그 View, Interactor, Presenter, Router가 해제됩니다. 아래 씬은 DataStore가 그대로인 채 다시 나타납니다. 라우트가 넘기지 않는 한 아무것도 되돌려 넘기지 않습니다.",
        "why.publish": "AppState는 앱이 공유하는 상태입니다. Interactor가 값을 쓰면 이를 관찰하는 모든 View가 갱신됩니다.",
        "why.render": "SwiftUI View는 관찰하는 상태의 함수입니다. AppState가 바뀌면 body가 다시 계산됩니다.",

        "quiz.intro": "퀴즈: 각 메시지 전에, 어느 구성 요소가 받을지 맞혀 보세요. 번호(또는 이름)로 답하고, 빈 줄을 입력하면 정답을 봅니다.",
        "quiz.ask": "{from}이(가) {what}을(를) 보냅니다. 누가 받을까요?",
        "quiz.right": "✓ 정답: {to}.",
        "quiz.wrong": "✗ 정답은 {to}입니다.",
        "quiz.score": "점수: {asked}문제 중 {right}개 정답.",
        "quiz.stopped": "퀴즈를 멈췄습니다: 더 이상 답이 없습니다.",
        "quiz.what.request": "Request",
        "quiz.what.request.viper": "데이터 요청",
        "quiz.what.event": "사용자 이벤트",
        "quiz.what.workerCall": "작업 요청",
        "quiz.what.response": "Response",
        "quiz.what.response.viper": "결과",
        "quiz.what.display": "ViewModel",
        "quiz.what.display.viper": "보여 줄 내용",
        "quiz.what.route": "화면 이동 요청",
        "quiz.what.dataPassing": "다음 씬을 위한 데이터",
        "quiz.what.navigation": "화면 이동",
        "quiz.what.dataStoreWrite": "저장할 값",
        "quiz.what.publish": "공유 상태의 변경",
        "quiz.what.render": "관찰할 변경",

        "step.prompt": "[Enter: 다음 · q: 끝내기]",
        "picture.now": "지금",
        "mistake.title": "실수 {rule} — 일부러 규칙을 어긴 {scenario}",
        "mistake.gallery": "{pattern}의 실수 — {scenario}, 규칙마다 일부러 어긴 실행",
        "report.mistakes": "실수 모음",
        "report.back": "← 실행 보고서",
        "mistake.breaks": "✗ {path} 는 {rule} 규칙을 어깁니다: {text}.",
        "mistake.wrong": "앱에서 생기는 문제: {consequence}",
        "mistake.fix": "고치는 법: {fix}.",
        "mistake.end": "실행은 실수가 있는 사이클 뒤, 메시지 {messages}에서 멈춥니다.",
        "mistake.clean-swift/interactor-owns-datastore": "View가 Interactor의 상태를 직접 바꿉니다. 다음 Request는 어떤 비즈니스 규칙도 검사하지 않은 값을 읽고, Router는 그 값을 다음 화면으로 넘기며, Interactor의 단위 테스트는 모든 쓰기를 볼 수 없게 됩니다.",
        "mistake.clean-swift/one-way": "Presenter가 자신을 붙잡은 Interactor를 다시 붙잡습니다. 순환 참조 때문에 화면이 사라진 뒤에도 씬이 해제되지 않고, 새 Request를 부르는 Response는 끝없이 반복될 수 있습니다.",
        "mistake.clean-swift/view-to-interactor": "View가 Interactor를 건너뜁니다. 비즈니스 규칙이 실행되지 않고 아무것도 저장되지 않아 Router가 넘기는 값은 낡은 값이 되며, Presenter는 View에 의존하게 됩니다.",
        "mistake.clean-swift/view-routes": "Presenter가 다음 화면을 정합니다. 포맷 코드가 UIKit 내비게이션에 의존하게 되어 뷰 계층 없이는 테스트할 수 없고, View는 떠나기 전에 결과를 보여 줄 수 없습니다.",
        "mistake.clean-swift/workers-serve-interactor": "Presenter가 비즈니스 작업을 합니다. 그 결과는 Interactor를 거치지 않아 DataStore에 저장되지 않고, 다른 씬이 필요로 할 때마다 같은 작업이 반복됩니다.",
        "mistake.swiftui/view-owns-datastore": "Interactor가 디스플레이 사이클 밖에서 View의 ObservableObject를 씁니다. Presenter가 결과를 포맷하기 전에 SwiftUI가 다시 그려 화면에 가공되지 않은 값이 보이고, 백그라운드 스레드에서 쓰일 수도 있습니다.",
        "mistake.swiftui/one-way": "Presenter가 Interactor를 다시 호출합니다. Response가 새 Request를 시작해 사이클이 반복될 수 있고, Interactor를 강하게 붙잡은 Presenter 때문에 View가 사라진 뒤에도 씬이 해제되지 않습니다.",
        "mistake.swiftui/view-to-interactor": "View가 Interactor를 건너뜁니다. 비즈니스 규칙이 실행되지 않고, Presenter는 아무도 검사하지 않은 값을 포맷합니다.",
        "mistake.viper/presenter-navigates": "View가 스스로 화면을 이동합니다. 모듈의 중심인 Presenter는 모듈이 바뀐 것을 모르고 다음 모듈의 데이터를 준비할 수 없으며, WireFrame의 조립도 건너뜁니다.",
        "mistake.viper/through-presenter": "Interactor가 View를 직접 갱신합니다. Presenter의 포맷이 빠지고, Interactor가 UIKit에 의존하게 되며, 갱신이 메인 스레드 밖에서 올 수 있습니다.",
        "mistake.viper/view-knows-presenter": "Presenter는 요청이 진행 중인 것을 모릅니다. 로딩을 보여 주거나 결과에 따라 이동할 수 없고, Interactor의 출력은 요청하지 않은 Presenter에게 도착합니다.",
        "mistake.appstate/no-return": "요청한 View만 결과를 봅니다. AppState를 관찰하는 다른 View는 갱신되지 않고, 앱이 보여 주는 상태가 둘로 갈라집니다.",
    ]

    /// Rules' sentences in languages other than English (English is the pattern definition's own), by rule id and
    /// path: `clean-swift/one-way presenter->interactor`.
    public static let rules: [Language: [String: (text: String, fix: String)]] = [
        .korean: [
            "clean-swift/interactor-owns-datastore view->dataStore": ("DataStore는 Interactor의 것입니다. View는 자신의 ViewModel만 봅니다", "Request를 보내고 Interactor에서 'store:' 하세요"),
            "clean-swift/one-way presenter->interactor": ("데이터는 View → Interactor → Presenter → View 한 방향으로만 흐릅니다. Presenter는 Interactor를 호출하지 않습니다", "Presenter는 포맷만 합니다. 대신 View가 새 Request를 보내게 하세요"),
            "clean-swift/view-to-interactor view->presenter": ("View는 Presenter가 아니라 Interactor에 요청을 보냅니다", "Interactor(BusinessLogic)를 호출하세요. Presenter에는 Interactor의 Response를 통해서만 닿습니다"),
            "clean-swift/view-routes presenter->router": ("화면 이동은 View가 디스플레이 로직에서 Router에 요청합니다. Presenter는 포맷만 합니다", "유스케이스의 'view:' 단계에 'route:'를 두고, ViewModel 필드로 'when:'을 거세요"),
            "clean-swift/workers-serve-interactor presenter->worker": ("Worker는 Interactor를 위해 일합니다. Presenter는 포맷만 합니다", "'interactor:'에서 Worker를 호출하고 결과를 Response에 담으세요"),
            "swiftui/view-owns-datastore interactor->dataStore": ("SwiftUI VIP에서 DataStore는 View가 가진 ObservableObject입니다. Interactor는 그것을 쓸 수 없습니다", "값을 응답으로 보내고 View의 디스플레이 로직에서 'set:' 하세요"),
            "swiftui/one-way presenter->interactor": ("데이터는 View → Interactor → Presenter → View 한 방향으로만 흐릅니다. Presenter는 Interactor를 호출하지 않습니다", "대신 View가 새 Request를 보내게 하세요"),
            "swiftui/view-to-interactor view->presenter": ("View는 Presenter가 아니라 Interactor에 요청을 보냅니다", "Interactor(BusinessLogic)를 호출하세요"),
            "viper/view-knows-presenter view->interactor": ("VIPER에서 View는 자신의 Presenter만 압니다. Interactor와 대화하는 것은 Presenter입니다", "호출을 유스케이스의 'event:'(View의 이벤트를 Presenter가 처리하는 곳)에 두세요"),
            "viper/presenter-navigates view->router": ("VIPER에서 화면 이동은 Presenter가 WireFrame에 요청합니다. View는 이벤트만 알립니다", "Presenter에서 이동하세요: 'event:' 또는 출력의 'presenter:' 단계에서"),
            "viper/through-presenter interactor->view": ("VIPER에서 Interactor는 View가 아니라 Presenter(InteractorOutputProtocol)에 결과를 알립니다", "출력으로 'respond:' 하고 Presenter가 'display:' 하게 하세요"),
            "appstate/no-return interactor->view": ("Interactor는 결과를 View에 돌려주지 않습니다. AppState에 쓰고, View가 그것을 관찰합니다", "appState에 'store:' 하고 View의 'shows:'로 보여 주세요"),
        ],
    ]
}
