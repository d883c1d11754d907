enum Orders {
  enum FetchOrders {
    struct Request {}
    struct Response { var count: Int }
    struct ViewModel { var title: String }
  }
  enum Refresh {
    struct Request { var force: Bool }
  }
}
