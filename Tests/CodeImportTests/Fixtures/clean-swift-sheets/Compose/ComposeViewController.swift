import UIKit

final class ComposeViewController: UIViewController {}

extension UIViewController {
    /// Presents `viewController` with the style given.
    func present(_ viewController: UIViewController, presentationStyle: UIModalPresentationStyle) {
        viewController.modalPresentationStyle = presentationStyle
        present(viewController, animated: true)
    }
}
