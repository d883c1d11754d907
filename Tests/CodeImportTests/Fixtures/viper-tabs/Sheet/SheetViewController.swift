import UIKit

final class SheetViewController: UIViewController {
    var heading: String?

    init() {
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overFullScreen
    }

    required init?(coder: NSCoder) { nil }

    @objc private func close() {
        dismiss(animated: true)
    }
}
